/// One day's water against the goal in force that day.
public struct WaterDayTotal: Hashable, Sendable {
    /// Totals within half a millilitre of the goal count as meeting it: what the user sees as equal is equal.
    public static let tolerance = 0.5

    public let day: LocalDay
    public let totalML: Double
    public let goalML: Double

    public init(day: LocalDay, totalML: Double, goalML: Double) {
        self.day = day
        self.totalML = totalML
        self.goalML = goalML
    }

    /// How far toward the goal, from 0 to 1: `min(total / goal, 1)`.
    public var progress: Double {
        guard goalML > 0 else { return 1 }
        return min(max(totalML / goalML, 0), 1)
    }

    public var isGoalMet: Bool { totalML + Self.tolerance >= goalML }

    /// What is left to drink today, never below zero.
    public var remainingML: Double { isGoalMet ? 0 : goalML - totalML }

    /// Progress as a whole percentage for display, 100 only when the goal is met.
    public var percent: Int { isGoalMet ? 100 : min(Int((progress * 100).rounded(.down)), 99) }
}
