import Foundation
import Recurrence

/// The weeks or months whose goal was met, from the one holding the first day with water to the current
/// one. Only spans with a goal count; the current one counts once it is met (not yet met, it is still
/// going, not missed).
public struct WaterPeriodRecord: Hashable, Sendable {
    public let period: WaterPeriod
    /// Spans met.
    public let met: Int
    /// Spans judged: those over that had a goal, and the current one once met.
    public let counted: Int

    public init(
        _ period: WaterPeriod, totals: WaterDayTotals, goals: WaterPeriodGoalHistory, today: LocalDay,
        firstWeekday: Weekday
    ) {
        self.period = period
        var met = 0
        var counted = 0
        if let first = totals.firstDay, first <= today {
            var span = WaterSpan(period, containing: first, firstWeekday: firstWeekday)
            while span.first <= today {
                let progress = WaterPeriodProgress(span: span, totals: totals, goals: goals, today: today)
                if progress.goalML != nil, progress.isMet || progress.isOver {
                    counted += 1
                    if progress.isMet { met += 1 }
                }
                span = span.next
            }
        }
        self.met = met
        self.counted = counted
    }
}
