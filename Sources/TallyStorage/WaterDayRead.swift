import Foundation
import TallyCore

/// What a day of water shows (Today, a day's page, `GET /api/v1/today`): its latest entries, newest first,
/// its kept total, and every goal (the goal in force is read from them).
public struct WaterDayRead: Sendable {
    public var latest: [WaterEntry]
    public var total: DayTotal?
    public var goals: [WaterGoal]

    public init(latest: [WaterEntry], total: DayTotal?, goals: [WaterGoal]) {
        self.latest = latest
        self.total = total
        self.goals = goals
    }
}
