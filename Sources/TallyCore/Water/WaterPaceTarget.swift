import Foundation

/// What a day must hold for the water nudges' pace rule (and their "to go"): the daily goal, or more when
/// a weekly goal needs more a day from then on. With 14 l a week and 9.8 l drunk by Thursday morning, the
/// four days left need 1.05 l each; a daily goal of 2 l stays the target, while 12.6 l a week with 4 l
/// drunk by Friday makes each of the three days left need 2.87 l, and the nudges keep that pace.
public enum WaterPaceTarget {
    /// - Parameters:
    ///   - week: this week against its goal as of today (today's drinks included); nil without a weekly goal.
    ///   - todayTotalML: drunk so far today.
    public static func target(
        on day: LocalDay, dailyGoalML: Double, week: WaterPeriodProgress?, todayTotalML: Double
    ) -> Double {
        guard let week, let weekGoal = week.goalML, day >= week.today else { return dailyGoalML }
        let span = week.span
        let need: Double
        if span.contains(day) {
            // Today starts from what the days before it left; a later day also from today as it stands
            // (the plan assumes nothing more is drunk, and plans again after each drink).
            let before = day == week.today ? week.totalML - todayTotalML : week.totalML
            need = max(weekGoal - before, 0) / Double(day.days(to: span.last) + 1)
        } else {
            need = weekGoal / Double(span.dayCount)
        }
        return max(dailyGoalML, WaterAmounts.stored(need))
    }
}
