import Foundation
import Recurrence

/// This week and this month against their goals, and the weeks and months met all time: what the stats
/// screen, the API and `tally water stats` show beside the daily figures.
public struct WaterPeriodStats: Hashable, Sendable {
    public let week: WaterPeriodProgress
    public let month: WaterPeriodProgress
    public let weeks: WaterPeriodRecord
    public let months: WaterPeriodRecord

    public init(
        totals: WaterDayTotals, weekGoals: WaterPeriodGoalHistory, monthGoals: WaterPeriodGoalHistory,
        today: LocalDay, firstWeekday: Weekday
    ) {
        week = WaterPeriodProgress(
            span: WaterSpan(.week, containing: today, firstWeekday: firstWeekday), totals: totals, goals: weekGoals,
            today: today)
        month = WaterPeriodProgress(
            span: WaterSpan(.month, containing: today), totals: totals, goals: monthGoals, today: today)
        weeks = WaterPeriodRecord(.week, totals: totals, goals: weekGoals, today: today, firstWeekday: firstWeekday)
        months = WaterPeriodRecord(.month, totals: totals, goals: monthGoals, today: today, firstWeekday: firstWeekday)
    }

    public func progress(_ period: WaterPeriod) -> WaterPeriodProgress {
        switch period {
        case .week: week
        case .month: month
        }
    }
}
