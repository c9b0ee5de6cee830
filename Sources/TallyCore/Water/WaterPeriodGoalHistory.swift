import Foundation

/// Which weekly or monthly goal a week or month is judged by: the last one set on or before its last day
/// (nil when none was, or the last one took the goal away).
public struct WaterPeriodGoalHistory: Hashable, Sendable {
    public let period: WaterPeriod
    /// `(day set, goal)`, in day order.
    private let changes: [Change]

    private struct Change: Hashable, Sendable {
        let day: LocalDay
        let goalML: Double?
    }

    public init(_ goals: [WaterPeriodGoal], period: WaterPeriod) {
        self.period = period
        changes = goals.filter { !$0.meta.isDeleted && $0.period == period }
            .sorted { $0.effectiveFrom < $1.effectiveFrom }
            .map { Change(day: $0.effectiveFrom, goalML: $0.goalML) }
    }

    /// The goal `span` is judged by.
    public func goal(for span: WaterSpan) -> Double? { goal(setBy: span.last) }

    /// The last goal set on or before `day`.
    public func goal(setBy day: LocalDay) -> Double? {
        var low = 0
        var high = changes.count
        while low < high {
            let middle = (low + high) / 2
            if changes[middle].day <= day { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : changes[low - 1].goalML
    }

    /// Whether any goal of this period was ever set.
    public var isEmpty: Bool { changes.allSatisfy { $0.goalML == nil } }
}
