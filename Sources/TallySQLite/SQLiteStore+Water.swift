import Foundation
import GRDB
import TallyCore
import TallyStorage

extension SQLiteStore {
    public func waterEntries(owner: UUID, in interval: DateInterval) async throws -> [WaterEntry] {
        try await pool.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT \(WaterEntry.selection) FROM water_entries
                        WHERE owner_id = ? AND deleted = 0 AND at_ms >= ? AND at_ms < ?
                        ORDER BY at_ms DESC
                        """),
                arguments: [owner, interval.start.clampedMilliseconds, interval.end.clampedMilliseconds]
            ).map(WaterEntry.init(row:))
        }
    }

    public func waterEntries(owner: UUID, on window: DayWindow) async throws -> [WaterEntry] {
        try await pool.read { db in try Self.waterEntries(owner: owner, on: window, db) }
    }

    /// Entries captured in the window's own zone outside its local days are skipped in the query, unread.
    private static func waterEntries(owner: UUID, on window: DayWindow, _ db: Database) throws -> [WaterEntry] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT \(WaterEntry.selection) FROM water_entries
                    WHERE owner_id = ? AND deleted = 0 AND at_ms >= ? AND at_ms < ?
                        AND (time_zone <> ? OR (at_ms >= ? AND at_ms < ?))
                    ORDER BY at_ms DESC
                    """),
            arguments: [
                owner, window.candidates.start.clampedMilliseconds, window.candidates.end.clampedMilliseconds,
                window.zoneID, window.local.start.clampedMilliseconds, window.local.end.clampedMilliseconds,
            ]
        ).map(WaterEntry.init(row:))
    }

    public func waterSamples(owner: UUID, in interval: DateInterval) async throws -> [WaterSample] {
        try await pool.read { db in
            var samples: [WaterSample] = []
            let rows = try Row.fetchCursor(
                db.cachedStatement(
                    sql: """
                        SELECT at_ms, time_zone, amount_ml FROM water_entries
                        WHERE owner_id = ? AND deleted = 0 AND at_ms >= ? AND at_ms < ?
                        ORDER BY at_ms
                        """),
                arguments: [owner, interval.start.clampedMilliseconds, interval.end.clampedMilliseconds])
            while let row = try rows.next() {
                samples.append(
                    WaterSample(
                        at: Date(millisecondsSince1970: row[0]), timeZoneID: row[1], amountML: row[2]))
            }
            return samples
        }
    }

    public func lastAddedWaterEntry(owner: UUID) async throws -> WaterEntry? {
        try await pool.read { db in
            try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT \(WaterEntry.selection) FROM water_entries WHERE owner_id = ? AND deleted = 0
                        ORDER BY created_ms DESC, rowid DESC LIMIT 1
                        """),
                arguments: [owner]
            ).map(WaterEntry.init(row:))
        }
    }

    public func waterGoals(owner: UUID) async throws -> [WaterGoal] {
        try await pool.read { db in try Self.waterGoals(owner: owner, db) }
    }

    static func waterGoals(owner: UUID, _ db: Database) throws -> [WaterGoal] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: "SELECT * FROM water_goals WHERE owner_id = ? AND deleted = 0 ORDER BY effective_day"),
            arguments: [owner]
        ).map(WaterGoal.init(row:))
    }
}

extension WaterEntry {
    /// The columns every read of entries selects, in the order ``init(row:)`` reads them by position:
    /// the hottest table is decoded without looking columns up by name.
    static let selection =
        RecordMeta.headerColumns + ", at_ms, time_zone, amount_ml, drink_kind, source, sequence"

    init(row: Row) throws {
        guard let id = row.id(at: 0), let owner = row.id(at: 1), let device = row.id(at: 4),
            let stamp = HLCStamp(row[5] as String),
            let source = WaterSource(rawValue: row[11])
        else { throw StoreFault.corrupt("water entry") }
        let meta = RecordMeta(
            id: id, ownerID: owner, createdAt: Date(millisecondsSince1970: row[2]),
            modifiedAt: Date(millisecondsSince1970: row[3]), deviceID: device, stamp: stamp, isDeleted: row[6])
        let fields = WaterEntryFields(
            at: Date(millisecondsSince1970: row[7]), timeZoneID: row[8], amountML: row[9], drinkKind: row[10])
        self.init(meta: meta, fields: fields, source: source)
    }

    var columns: RowValues {
        var columns = meta.columns
        columns["at_ms"] = at.millisecondsSince1970.databaseValue
        columns["time_zone"] = timeZoneID.databaseValue
        columns["amount_ml"] = amountML.databaseValue
        columns["drink_kind"] = drinkKind.databaseValue
        columns["source"] = source.rawValue.databaseValue
        return columns
    }
}

extension WaterGoal {
    init(row: Row) throws {
        guard let day = LocalDay(row["effective_day"] as String) else { throw StoreFault.corrupt("goal day") }
        self.init(meta: try RecordMeta(row: row), effectiveFrom: day, goalML: row["goal_ml"])
    }

    var columns: RowValues {
        var columns = meta.columns
        columns["effective_day"] = effectiveFrom.description.databaseValue
        columns["goal_ml"] = goalML.databaseValue
        return columns
    }
}
