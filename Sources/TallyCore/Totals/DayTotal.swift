/// One local day's total of a series: how many records fall on the day and, for water, how much.
///
/// Amounts are whole hundredths of a millilitre (what a stored entry holds), summed as integers: adding and
/// removing entries in any order then gives exactly the total recomputed from the entries.
public struct DayTotal: Hashable, Sendable {
    public var series: DaySeries
    public var day: LocalDay
    public var count: Int
    /// Hundredths of a millilitre.
    public var amount: Int64

    public init(series: DaySeries, day: LocalDay, count: Int, amount: Int64) {
        self.series = series
        self.day = day
        self.count = count
        self.amount = amount
    }

    public var amountML: Double { Double(amount) / 100 }

    /// `millilitres` in the hundredths a total holds.
    public static func amount(_ millilitres: Double) -> Int64 { Int64((millilitres * 100).rounded()) }

    /// The same day with nothing on it.
    public var emptied: DayTotal { DayTotal(series: series, day: day, count: 0, amount: 0) }

    public mutating func add(_ other: DayTotal) {
        count += other.count
        amount += other.amount
    }

    /// Where a total belongs.
    public struct DayKey: Hashable, Sendable {
        public var series: DaySeries
        public var day: LocalDay

        public init(series: DaySeries, day: LocalDay) {
            self.series = series
            self.day = day
        }
    }
}
