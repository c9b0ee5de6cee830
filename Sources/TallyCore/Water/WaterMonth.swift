import Foundation
import Recurrence

/// A month calendar of water (seed 003): each day's total against its goal, laid out in weeks that
/// start on the person's first weekday.
public struct WaterMonth: Hashable, Sendable {
    public struct Day: Hashable, Sendable {
        public let total: WaterDayTotal
        public let isToday: Bool
        public let isFuture: Bool
    }

    public let year: Int
    public let month: Int
    public let days: [Day]
    public let firstWeekday: Weekday

    /// Empty cells before the first day in a grid whose rows start on ``firstWeekday``.
    public var leadingBlanks: Int { weekStart.days(to: firstDay) }

    /// The weekdays in the grid's column order.
    public var weekdays: [Weekday] { (0..<7).map { Weekday(rawValue: (firstWeekday.rawValue + $0) % 7)! } }

    public init(
        year: Int, month: Int, totals: WaterDayTotals, goals: WaterGoalHistory, today: LocalDay,
        firstWeekday: Weekday = .monday
    ) {
        self.year = year
        self.month = month
        self.firstWeekday = firstWeekday
        let first = LocalDay(year: year, month: month, day: 1)!
        let last = WaterTrend.next(.month, after: first).adding(days: -1)
        days = (0...first.days(to: last)).map { offset in
            let day = first.adding(days: offset)
            return Day(total: totals.dayTotal(day, goals: goals), isToday: day == today, isFuture: day > today)
        }
    }

    public var firstDay: LocalDay { days[0].total.day }
    private var weekStart: LocalDay { FirstWeekday.weekStart(of: firstDay, first: firstWeekday) }
    public var lastDay: LocalDay { days[days.count - 1].total.day }
    public var totalML: Double { days.reduce(0) { $0 + $1.total.totalML } }
    public var daysMet: Int { days.filter { !$0.isFuture && $0.total.isGoalMet }.count }

    /// `YYYY-MM`.
    public var label: String { String(firstDay.description.prefix(7)) }

    /// Reads `YYYY-MM`.
    public static func parseMonth(_ text: String, field: String = "month") throws(TallyError) -> (year: Int, month: Int)
    {
        guard let day = LocalDay(text + "-01"), text.count == 7 else {
            throw .invalid(field: field, reason: "'\(text)' is not a month in the form YYYY-MM")
        }
        return (day.year, day.month)
    }
}
