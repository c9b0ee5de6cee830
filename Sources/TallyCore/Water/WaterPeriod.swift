import Foundation

/// A stretch of days water is counted over beside the day: a week (starting on the person's first
/// weekday) or a calendar month. Both are runs of local days, so a week in which clocks change is seven
/// days like any other: each drink is on the local day of its own zone and day start.
public enum WaterPeriod: String, Hashable, Codable, Sendable, CaseIterable {
    case week
    case month

    /// The most water a goal of this period may ask: 20 litres for each of its days (a month has 31).
    public var maxGoalML: Double {
        switch self {
        case .week: WaterAmounts.maxGoalML * 7
        case .month: WaterAmounts.maxGoalML * 31
        }
    }

    /// `a week`, `a month`: as a sentence says it.
    public var perText: String {
        switch self {
        case .week: "a week"
        case .month: "a month"
        }
    }

    /// `weekly`, `monthly`.
    public var adjective: String {
        switch self {
        case .week: "weekly"
        case .month: "monthly"
        }
    }
}
