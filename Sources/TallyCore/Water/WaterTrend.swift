import Foundation
import Recurrence

/// Average water per day by week or by month, for seed 001's trend charts.
public struct WaterTrend: Hashable, Sendable {
    public struct Point: Hashable, Sendable {
        /// The first day of the week or month.
        public let start: LocalDay
        public let totalML: Double
        /// The days counted: those on or after the first day with water and not after today.
        public let days: Int
        public var averageML: Double { days == 0 ? 0 : totalML / Double(days) }
    }

    public typealias Period = WaterPeriod

    public let period: Period
    /// Oldest first; the last point is the current week or month.
    public let points: [Point]

    /// The last `count` weeks (starting on `firstWeekday`) or calendar months up to `today`.
    public init(
        _ period: Period, count: Int, totals: WaterDayTotals, firstDay: LocalDay?, today: LocalDay,
        firstWeekday: Weekday = .monday
    ) {
        self.period = period
        var starts: [LocalDay] = []
        var start =
            switch period {
            case .week: FirstWeekday.weekStart(of: today, first: firstWeekday)
            case .month: LocalDay(year: today.year, month: today.month, day: 1)!
            }
        for _ in 0..<max(count, 0) {
            starts.insert(start, at: 0)
            start = Self.previous(period, before: start)
        }
        points = starts.map { start in
            let end = min(Self.next(period, after: start).adding(days: -1), today)
            let from = firstDay.map { max($0, start) } ?? end.adding(days: 1)
            guard from <= end else { return Point(start: start, totalML: 0, days: 0) }
            return Point(start: start, totalML: totals.sum(from: from, to: end), days: from.days(to: end) + 1)
        }
    }

    public static func next(_ period: Period, after start: LocalDay) -> LocalDay {
        switch period {
        case .week: return start.adding(days: 7)
        case .month:
            return start.month == 12
                ? LocalDay(year: start.year + 1, month: 1, day: 1)!
                : LocalDay(year: start.year, month: start.month + 1, day: 1)!
        }
    }

    public static func previous(_ period: Period, before start: LocalDay) -> LocalDay {
        switch period {
        case .week: return start.adding(days: -7)
        case .month:
            return start.month == 1
                ? LocalDay(year: start.year - 1, month: 12, day: 1)!
                : LocalDay(year: start.year, month: start.month - 1, day: 1)!
        }
    }
}
