import Foundation
import GRDB
import TallyCore

extension SQLiteStore {
    public func waterEntry(id: UUID, owner: UUID) async throws -> WaterEntry? {
        try await pool.read { db in
            try Row.fetchOne(
                db, sql: "SELECT * FROM water_entries WHERE id = ? AND owner_id = ? AND deleted = 0",
                arguments: [id.uuidString, owner.uuidString]
            ).map(WaterEntry.init(row:))
        }
    }

    public func waterEntries(owner: UUID, in interval: DateInterval) async throws -> [WaterEntry] {
        try await pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM water_entries
                    WHERE owner_id = ? AND deleted = 0 AND at_ms >= ? AND at_ms < ?
                    ORDER BY at_ms DESC
                    """,
                arguments: [owner.uuidString, interval.start.clampedMilliseconds, interval.end.clampedMilliseconds]
            ).map(WaterEntry.init(row:))
        }
    }

    public func waterSamples(owner: UUID, in interval: DateInterval) async throws -> [WaterSample] {
        try await pool.read { db in
            var samples: [WaterSample] = []
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT at_ms, time_zone, amount_ml FROM water_entries
                    WHERE owner_id = ? AND deleted = 0 AND at_ms >= ? AND at_ms < ?
                    ORDER BY at_ms
                    """,
                arguments: [owner.uuidString, interval.start.clampedMilliseconds, interval.end.clampedMilliseconds])
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
                db,
                sql: """
                    SELECT * FROM water_entries WHERE owner_id = ? AND deleted = 0
                    ORDER BY created_ms DESC, rowid DESC LIMIT 1
                    """,
                arguments: [owner.uuidString]
            ).map(WaterEntry.init(row:))
        }
    }

    public func waterGoals(owner: UUID) async throws -> [WaterGoal] {
        try await pool.read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM water_goals WHERE owner_id = ? AND deleted = 0 ORDER BY effective_day",
                arguments: [owner.uuidString]
            ).map(WaterGoal.init(row:))
        }
    }
}

extension WaterEntry {
    init(row: Row) throws {
        guard let source = WaterSource(rawValue: row["source"]) else { throw StoreFault.corrupt("water source") }
        let fields = WaterEntryFields(
            at: Date(millisecondsSince1970: row["at_ms"]), timeZoneID: row["time_zone"], amountML: row["amount_ml"],
            drinkKind: row["drink_kind"])
        self.init(meta: try RecordMeta(row: row), fields: fields, source: source)
    }

    var columns: [String: DatabaseValue] {
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

    var columns: [String: DatabaseValue] {
        var columns = meta.columns
        columns["effective_day"] = effectiveFrom.description.databaseValue
        columns["goal_ml"] = goalML.databaseValue
        return columns
    }
}
