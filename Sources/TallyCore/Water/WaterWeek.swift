import Foundation
import Recurrence

/// A week calendar of water (seed 003): seven days, each total against its daily goal, and the week's
/// total against the weekly goal.
public struct WaterWeek: Hashable, Sendable {
    public let days: [WaterMonth.Day]
    public let progress: WaterPeriodProgress

    public init(
        containing day: LocalDay, firstWeekday: Weekday, totals: WaterDayTotals, goals: WaterGoalHistory,
        weekGoals: WaterPeriodGoalHistory, today: LocalDay
    ) {
        let span = WaterSpan(.week, containing: day, firstWeekday: firstWeekday)
        days = span.days.map { day in
            WaterMonth.Day(total: totals.dayTotal(day, goals: goals), isToday: day == today, isFuture: day > today)
        }
        progress = WaterPeriodProgress(span: span, totals: totals, goals: weekGoals, today: today)
    }

    public var span: WaterSpan { progress.span }
    public var daysMet: Int { days.filter { !$0.isFuture && $0.total.isGoalMet }.count }
}
