import Foundation

/// Which goal was in force on a day: the latest goal that took effect on or before it, or the default
/// goal for days before the first change.
public struct WaterGoalHistory: Hashable, Sendable {
    /// `(effective day number, goal)`, in day order.
    private let changes: [(day: Int, goalML: Double)]

    public init(_ goals: [WaterGoal]) {
        changes = goals.filter { !$0.meta.isDeleted }
            .sorted { $0.effectiveFrom < $1.effectiveFrom }
            .map { ($0.effectiveFrom.dayNumber, $0.goalML) }
    }

    public func goal(on day: LocalDay) -> Double {
        let target = day.dayNumber
        var low = 0
        var high = changes.count
        while low < high {
            let middle = (low + high) / 2
            if changes[middle].day <= target { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? WaterAmounts.defaultGoalML : changes[low - 1].goalML
    }

    public static func == (lhs: WaterGoalHistory, rhs: WaterGoalHistory) -> Bool {
        lhs.changes.elementsEqual(rhs.changes) { $0.day == $1.day && $0.goalML == $1.goalML }
    }

    public func hash(into hasher: inout Hasher) {
        for change in changes {
            hasher.combine(change.day)
            hasher.combine(change.goalML)
        }
    }
}
