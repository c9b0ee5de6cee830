import Foundation
import PostgresNIO
import TallyCore
import TallyStorage

/// Per-day totals. A write or merge changes them in its own transaction (``dayTotalChanges(of:owner:_:logger:)``
/// before the rows are written, ``totalsAdded(_:owner:)`` with the last of them), holding the
/// owner's clock, as a rebuild does: the two never interleave.
extension PostgresStore: DayTotalStore {
    public func dayTotals(owner: UUID, boundary: DayBoundary, _ query: DayTotalQuery) async throws -> [DayTotal] {
        let minute = boundary.dayStart.minuteOfDay
        if try await Self.basis(of: owner, rows) == minute { return try await Self.totals(of: owner, query, rows) }
        return try await withTransaction { [logger] connection in
            _ = try await Self.lockClock(of: owner, connection, logger: logger)
            let rows = { (query: PostgresQuery) in try await connection.rows(query, logger: logger) }
            if try await Self.basis(of: owner, rows) != minute {
                try await Self.rebuildTotals(of: owner, boundary: boundary, connection, logger: logger)
            }
            return try await Self.totals(of: owner, query, rows)
        }
    }

    public func storedDayTotals(owner: UUID) async throws -> (boundary: DayBoundary?, totals: [DayTotal]) {
        let minute = try await Self.basis(of: owner, rows)
        var totals: [DayTotal] = []
        for series in DaySeries.allCases { totals += try await Self.totals(of: owner, DayTotalQuery(series), rows) }
        return (minute.flatMap(Self.boundary(minute:)), totals)
    }

    /// What a planned write does to the owner's totals: each counted record's stored copy taken away and
    /// its new copy added. Empty when no totals are kept for the owner.
    static func dayTotalChanges(
        of plan: WritePlan, owner: UUID, _ connection: PostgresConnection, logger: Logger
    ) async throws -> [DayTotal] {
        let kinds = Set(DaySeries.allCases.map(\.kind.id))
        var written: [UUID: AnyRecord] = [:]
        for write in plan.writes where kinds.contains(write.record.kind.id) {
            written[write.record.meta.id] = write.record
        }
        guard !written.isEmpty else { return [] }
        // The basis and the stored copies, in one read: no row when no totals are kept, else one a copy (or
        // one with no copy).
        let rows = try await connection.rows(
            """
            SELECT b.day_start, r.kind, r.body FROM day_total_basis b
            LEFT JOIN records r ON r.owner_id = b.owner_id AND r.id = ANY(\(Array(written.keys)))
                AND r.kind = ANY(\(Array(kinds))) AND NOT r.deleted
            WHERE b.owner_id = \(owner)
            """, logger: logger)
        let stored = try rows.map { try $0.decode((Int64, String?, String?).self) }
        guard let minute = stored.first?.0, let boundary = boundary(minute: Int(minute)) else { return [] }
        var changes = DayTotalSum(boundary: boundary)
        for case (_, let kind?, let body?) in stored {
            changes.add(try RecordCoding.decode(kind: kind, from: Data(body.utf8)), sign: -1)
        }
        for record in written.values { changes.add(record) }
        return changes.totals
    }

    /// Adds `changes` to the owner's totals; a day left with nothing goes.
    static func apply(
        _ changes: [DayTotal], owner: UUID, _ connection: PostgresConnection, logger: Logger
    ) async throws {
        guard !changes.isEmpty else { return }
        try await connection.execute(try totalsAdded(changes, owner: owner).query(), logger: logger)
        try await removeEmptyDays(changes, owner: owner, connection, logger: logger)
    }

    /// The statement adding `changes` to the owner's totals (a part of a write's last statement).
    static func totalsAdded(_ changes: [DayTotal], owner: UUID) -> SQLPart {
        """
        INSERT INTO day_totals (owner_id, series, day, entries, amount)
        SELECT \(owner), * FROM UNNEST(\(changes.map(\.series.rawValue))::text[],
            \(changes.map { Int64($0.day.dayNumber) })::bigint[], \(changes.map { Int64($0.count) })::bigint[],
            \(changes.map(\.amount))::bigint[])
        ON CONFLICT (owner_id, series, day) DO UPDATE SET
            entries = day_totals.entries + excluded.entries, amount = day_totals.amount + excluded.amount
        """
    }

    /// Once `changes` are added: the days they took something from that are left with nothing go.
    static func removeEmptyDays(
        _ changes: [DayTotal], owner: UUID, _ connection: PostgresConnection, logger: Logger
    ) async throws {
        guard changes.contains(where: { $0.count < 0 }) else { return }
        let days = changes.filter { $0.count < 0 }.map { Int64($0.day.dayNumber) }
        try await connection.execute(
            "DELETE FROM day_totals WHERE owner_id = \(owner) AND day = ANY(\(days)) AND entries = 0", logger: logger)
    }

    static func boundary(minute: Int) -> DayBoundary? {
        TimeOfDay(hour: minute / 60, minute: minute % 60).map(DayBoundary.init(dayStart:))
    }

    /// The minute of the day the owner's totals are kept under, or nil when none are kept.
    private static func basis(
        of owner: UUID, _ rows: (PostgresQuery) async throws -> [PostgresRow]
    ) async throws -> Int? {
        try await rows("SELECT day_start FROM day_total_basis WHERE owner_id = \(owner)").first
            .map { Int(try $0.decode(Int64.self)) }
    }

    private static func totals(
        of owner: UUID, _ query: DayTotalQuery, _ rows: (PostgresQuery) async throws -> [PostgresRow]
    ) async throws -> [DayTotal] {
        let first = Int64(query.days?.lowerBound.dayNumber ?? Int(Int32.min))
        let last = Int64(query.days?.upperBound.dayNumber ?? Int(Int32.max))
        let order = query.newestFirst ? "DESC" : "ASC"
        let select: PostgresQuery = """
            SELECT day, entries, amount FROM day_totals
            WHERE owner_id = \(owner) AND series = \(query.series.rawValue) AND day BETWEEN \(first) AND \(last)
                AND entries > 0
            ORDER BY day \(unescaped: order) LIMIT \(Int64(query.limit ?? Int(Int32.max))) OFFSET \(Int64(query.offset))
            """
        return try await rows(select).map { row in
            let (day, entries, amount) = try row.decode((Int64, Int64, Int64).self)
            return DayTotal(
                series: query.series, day: LocalDay(dayNumber: Int(day)), count: Int(entries), amount: amount)
        }
    }

    /// Recomputes every total of `owner` from the records under `boundary`.
    private static func rebuildTotals(
        of owner: UUID, boundary: DayBoundary, _ connection: PostgresConnection, logger: Logger
    ) async throws {
        try await connection.execute("DELETE FROM day_totals WHERE owner_id = \(owner)", logger: logger)
        let minute = Int64(boundary.dayStart.minuteOfDay)
        try await connection.execute(
            """
            INSERT INTO day_total_basis (owner_id, day_start) VALUES (\(owner), \(minute))
            ON CONFLICT (owner_id) DO UPDATE SET day_start = excluded.day_start
            """, logger: logger)
        let kinds = DaySeries.allCases.map(\.kind.id)
        let rows = try await connection.query(
            "SELECT kind, body FROM records WHERE owner_id = \(owner) AND kind = ANY(\(kinds)) AND NOT deleted",
            logger: logger)
        var sum = DayTotalSum(boundary: boundary)
        for try await row in rows {
            let (kind, body) = try row.decode((String, String).self)
            sum.add(try RecordCoding.decode(kind: kind, from: Data(body.utf8)))
        }
        try await apply(sum.totals, owner: owner, connection, logger: logger)
    }
}

/// A day of water as three reads (``TallyStorage/RecordReader/waterDayInParts(owner:day:window:boundary:limit:)``).
extension PostgresStore: WaterDayReader {}
