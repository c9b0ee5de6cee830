import Foundation
import GRDB
import TallyCore
import TallyStorage

/// Per-day totals: built by the first read under a day boundary, then kept by every write, merge and purge
/// (``DayTotalChanges``).
extension SQLiteStore {
    public func dayTotals(owner: UUID, boundary: DayBoundary, _ query: DayTotalQuery) async throws -> [DayTotal] {
        let minute = boundary.dayStart.minuteOfDay
        if let totals = try await pool.read({ db in
            try Self.basis(of: owner, db) == minute ? try Self.totals(of: owner, query, db) : nil
        }) {
            return totals
        }
        // The build reads every entry of the owner once: through the writer's memory map, each page read
        // would count in the process's resident memory (a million entries made a CLI command 315 MB).
        return try await pool.writeWithoutTransaction { db in
            try db.execute(sql: Self.scanMemory)
            defer { try? db.execute(sql: self.writerMemoryNow) }
            var totals: [DayTotal] = []
            try db.inTransaction {
                if try Self.basis(of: owner, db) != minute {
                    try Self.rebuildTotals(of: owner, dayStart: minute, db)
                }
                totals = try Self.totals(of: owner, query, db)
                return .commit
            }
            return totals
        }
    }

    public func storedDayTotals(owner: UUID) async throws -> (boundary: DayBoundary?, totals: [DayTotal]) {
        try await pool.read { db in
            let boundary = try Self.dayTotalBasis(of: owner, db)
            let totals = try DaySeries.allCases.flatMap { series in
                try Self.totals(of: owner, DayTotalQuery(series), db)
            }
            return (boundary, totals)
        }
    }

    /// The day boundary the owner's totals are kept under, or nil when none are kept.
    static func dayTotalBasis(of owner: UUID, _ db: Database) throws -> DayBoundary? {
        try basis(of: owner, db).flatMap { minute in
            TimeOfDay(hour: minute / 60, minute: minute % 60).map(DayBoundary.init(dayStart:))
        }
    }

    /// The minute of the day the owner's totals are kept under, or nil when none are kept.
    static func basis(of owner: UUID, _ db: Database) throws -> Int? {
        try Int.fetchOne(
            db.cachedStatement(sql: "SELECT day_start FROM day_total_basis WHERE owner_id = ?"), arguments: [owner])
    }

    static func totals(of owner: UUID, _ query: DayTotalQuery, _ db: Database) throws -> [DayTotal] {
        let range = query.days.map { ($0.lowerBound.dayNumber, $0.upperBound.dayNumber) } ?? (Int.min, Int.max)
        let rows = try Row.fetchCursor(
            db.cachedStatement(
                sql: """
                    SELECT day, entries, amount FROM day_totals
                    WHERE owner_id = ? AND series = ? AND day BETWEEN ? AND ? AND entries > 0
                    ORDER BY day \(query.newestFirst ? "DESC" : "ASC") LIMIT ? OFFSET ?
                    """),
            arguments: [owner, query.series.rawValue, range.0, range.1, query.limit ?? -1, query.offset])
        var totals: [DayTotal] = []
        while let row = try rows.next() {
            totals.append(
                DayTotal(
                    series: query.series, day: LocalDay(dayNumber: row[0]), count: row[1], amount: row[2]))
        }
        return totals
    }

    /// Recomputes every total of `owner` from the records under a day starting at `dayStart` (minutes).
    private static func rebuildTotals(of owner: UUID, dayStart: Int, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM day_totals WHERE owner_id = ?", arguments: [owner])
        try db.execute(
            sql: """
                INSERT INTO day_total_basis (owner_id, day_start) VALUES (?, ?)
                ON CONFLICT (owner_id) DO UPDATE SET day_start = excluded.day_start
                """, arguments: [owner, dayStart])
        for (series, table, amount) in [
            ("water", "water_entries", "CAST(round(amount_ml * 100) AS INTEGER)"), ("bathroom", "bathroom_events", "0"),
        ] {
            try db.execute(
                sql: """
                    INSERT INTO day_totals (owner_id, series, day, entries, amount)
                    SELECT owner_id, ?, \(DayFunction.name)(at_ms, time_zone, ?) AS local_day, count(*), sum(\(amount))
                    FROM \(table) WHERE owner_id = ? AND deleted = 0 GROUP BY local_day
                    """, arguments: [series, dayStart, owner])
        }
    }
}
