import Foundation

/// The all-time picture (seed 003's stats screen): total water, days the goal was met, streaks of
/// goal-met days, and averages per day.
///
/// Days run from the first day with any water to today. Averages divide by the days in their window
/// that are on or after that first day, today included, so a new user is not averaged against days
/// before they started. Today not yet met does not break the current streak; it only does not extend it.
public struct WaterStats: Hashable, Sendable {
    public let today: LocalDay
    public let firstDay: LocalDay?
    public let totalML: Double
    public let daysMet: Int
    public let currentStreak: Int
    public let longestStreak: Int
    public let average7ML: Double
    public let average30ML: Double
    public let averageAllML: Double
    private let streakEnd: LocalDay?

    public init(totals: WaterDayTotals, goals: WaterGoalHistory, today: LocalDay) {
        self.today = today
        let first = totals.firstDay.flatMap { $0 <= today ? $0 : nil }
        firstDay = first
        totalML = totals.sum(through: today)
        guard let first else {
            (daysMet, currentStreak, longestStreak) = (0, 0, 0)
            (average7ML, average30ML, averageAllML) = (0, 0, 0)
            streakEnd = nil
            return
        }
        var met = 0
        var run = 0
        var longest = 0
        var day = first
        while day <= today {
            if totals.dayTotal(day, goals: goals).isGoalMet {
                met += 1
                run += 1
                longest = max(longest, run)
            } else {
                run = 0
            }
            day = day.adding(days: 1)
        }
        daysMet = met
        longestStreak = longest
        var current = 0
        var back = totals.dayTotal(today, goals: goals).isGoalMet ? today : today.adding(days: -1)
        while back >= first, totals.dayTotal(back, goals: goals).isGoalMet {
            current += 1
            back = back.adding(days: -1)
        }
        currentStreak = current
        streakEnd = current > 0 ? back.adding(days: current) : nil
        func average(_ days: Int?) -> Double {
            let start = days.map { max(today.adding(days: 1 - $0), first) } ?? first
            return totals.sum(from: start, to: today) / Double(start.days(to: today) + 1)
        }
        average7ML = average(7)
        average30ML = average(30)
        averageAllML = average(nil)
    }

    /// The days of the current streak, for the share card; nil with no streak.
    public var currentStreakDays: ClosedRange<LocalDay>? { streakEnd.map { $0.adding(days: 1 - currentStreak)...$0 } }
}
