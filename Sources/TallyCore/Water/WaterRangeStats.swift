import Foundation

/// Statistics over a range of local days: each day's total against its goal, the total, the average
/// per day (over the days not in the future), the days the goal was met and the best day.
public struct WaterRangeStats: Hashable, Sendable {
    public let from: LocalDay
    public let to: LocalDay
    public let days: [WaterDayTotal]
    public let totalML: Double
    public let averageML: Double
    public let daysMet: Int
    public let bestDay: WaterDayTotal?

    public init(from: LocalDay, to: LocalDay, totals: WaterDayTotals, goals: WaterGoalHistory, today: LocalDay) {
        self.from = from
        self.to = to
        days = (0...max(from.days(to: to), 0)).map { totals.dayTotal(from.adding(days: $0), goals: goals) }
        let past = days.filter { $0.day <= today }
        totalML = days.reduce(0) { $0 + $1.totalML }
        averageML = past.isEmpty ? 0 : past.reduce(0) { $0 + $1.totalML } / Double(past.count)
        daysMet = past.filter(\.isGoalMet).count
        bestDay = days.filter { $0.totalML > 0 }.max { $0.totalML < $1.totalML }
    }
}
