import Foundation
import GRDB
import TallyCore

extension SQLiteStore {
    public func bathroomEvent(id: UUID, owner: UUID) async throws -> BathroomEvent? {
        try await pool.read { db in
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM bathroom_events WHERE id = ? AND owner_id = ? AND deleted = 0"),
                arguments: [id, owner]
            ).map(BathroomEvent.init(row:))
        }
    }

    public func bathroomEvents(owner: UUID, in interval: DateInterval) async throws -> [BathroomEvent] {
        try await pool.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT * FROM bathroom_events
                        WHERE owner_id = ? AND deleted = 0 AND at_ms >= ? AND at_ms < ?
                        ORDER BY at_ms DESC
                        """),
                arguments: [
                    owner, interval.start.clampedMilliseconds, interval.end.clampedMilliseconds,
                ]
            ).map(BathroomEvent.init(row:))
        }
    }

    public func settings(owner: UUID) async throws -> [SettingRecord] {
        try await pool.read { db in
            try Row.fetchAll(
                db.cachedStatement(sql: "SELECT * FROM settings WHERE owner_id = ? AND deleted = 0 ORDER BY key"),
                arguments: [owner]
            ).map(SettingRecord.init(row:))
        }
    }

    public func owners(withSetting key: SettingKey, value: String) async throws -> [UUID] {
        try await pool.read { db in
            try UUID.fetchAll(
                db.cachedStatement(sql: "SELECT owner_id FROM settings WHERE key = ? AND value = ? AND deleted = 0"),
                arguments: [key.rawValue, value]
            )
        }
    }
}

extension Date {
    /// Milliseconds for a query bound; `distantPast`/`distantFuture` stay in range.
    var clampedMilliseconds: Int64 {
        let limit = 1e15
        return Int64(min(max(timeIntervalSince1970 * 1000, -limit), limit).rounded())
    }
}
