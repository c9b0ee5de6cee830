/// Which stored day totals of one series a read wants: days with at least one record, in a range or all,
/// oldest or newest first, optionally one page of them.
public struct DayTotalQuery: Hashable, Sendable {
    public var series: DaySeries
    /// Only days in this range; nil for every day.
    public var days: ClosedRange<LocalDay>?
    public var newestFirst: Bool
    /// At most this many days; nil for all.
    public var limit: Int?
    /// Days to skip first, in the query's order.
    public var offset: Int

    public init(
        _ series: DaySeries, days: ClosedRange<LocalDay>? = nil, newestFirst: Bool = false, limit: Int? = nil,
        offset: Int = 0
    ) {
        self.series = series
        self.days = days
        self.newestFirst = newestFirst
        self.limit = limit
        self.offset = offset
    }
}
