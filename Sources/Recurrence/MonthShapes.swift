/// The candidates of a MONTHLY rule's period, per month shape, as seconds from the month's first midnight.
///
/// Which days of a month match, and which of its candidates `BYSETPOS` picks, depend only on the month's length
/// and the weekday of its 1st (28 shapes), so each shape is expanded once, when first met, instead of once per
/// month. A shape with more than ``largestCached`` candidates (many times of day and no `BYSETPOS`) is not
/// cached and is expanded month by month.
struct MonthShapes {
    private let timesOfDay: [Int]
    private let setPositions: [Int]
    private var cached: [[Int]?] = Array(repeating: nil, count: 28)

    /// The most candidates one cached shape holds.
    static let largestCached = 4_096

    init(plan: RulePlan) {
        timesOfDay = plan.timesOfDay
        setPositions = plan.setPositions
    }

    /// The shape of a month: `(length - 28) × 7 + weekday of the 1st`, as ``PeriodDayMasks/monthMasks`` counts.
    @inline(__always)
    static func index(length: Int, firstWeekday: Int) -> Int {
        (length - 28) * 7 + firstWeekday
    }

    /// The candidates of a month of `shape` whose matching days are `mask` (bit `d` for day `d`), ascending in
    /// wall-clock time; `nil` when there are too many to cache.
    mutating func offsets(shape: Int, mask: UInt32) -> [Int]? {
        if let found = cached[shape] { return found }
        var days: [Int] = []
        var remaining = mask >> 1
        while remaining != 0 {
            days.append(remaining.trailingZeroBitCount)
            remaining &= remaining - 1
        }
        let timeCount = timesOfDay.count
        let total = days.count * timeCount
        var offsets: [Int] = []
        if setPositions.isEmpty {
            guard total <= Self.largestCached else { return nil }
            for day in days { for time in timesOfDay { offsets.append(day * 86_400 + time) } }
        } else if total > 0 {
            var selected: [Int] = []
            selectSetPositions(setPositions, total: total, into: &selected)
            offsets = selected.map { days[$0 / timeCount] * 86_400 + timesOfDay[$0 % timeCount] }
        }
        cached[shape] = offsets
        return offsets
    }
}
