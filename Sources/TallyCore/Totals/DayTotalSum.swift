/// Per-day totals summed from records one at a time: what a store builds or a check recomputes.
public struct DayTotalSum: Sendable {
    public let boundary: DayBoundary
    private var byDay: [DayTotal.DayKey: DayTotal] = [:]

    public init(boundary: DayBoundary) {
        self.boundary = boundary
    }

    /// The totals of `records` (tombstones and uncounted kinds ignored).
    public init(_ records: some Sequence<AnyRecord>, boundary: DayBoundary) {
        self.init(boundary: boundary)
        for record in records { add(record) }
    }

    /// Counts `record` (negated with `sign` -1, to take a stored copy away); a tombstone or an uncounted
    /// kind changes nothing.
    public mutating func add(_ record: AnyRecord, sign: Int = 1) {
        guard var tally = DaySeries.tally(of: record, boundary: boundary) else { return }
        tally.count *= sign
        tally.amount *= Int64(sign)
        byDay[DayTotal.DayKey(series: tally.series, day: tally.day), default: tally.emptied].add(tally)
    }

    /// The days whose total is not zero, by series and then day.
    public var totals: [DayTotal] {
        byDay.values.filter { $0.count != 0 || $0.amount != 0 }
            .sorted { ($0.series.rawValue, $0.day) < ($1.series.rawValue, $1.day) }
    }
}
