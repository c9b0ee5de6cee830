import Foundation

/// A daily goal and the day from which it applies. Goals are kept as a history so that every day is
/// judged by the goal in force on that day: raising the goal today does not rewrite last month.
///
/// There is at most one goal per owner and day; a second change on the same day replaces the first.
public struct WaterGoal: Hashable, Codable, Sendable {
    public var meta: RecordMeta
    public var effectiveFrom: LocalDay
    public var goalML: Double

    public init(meta: RecordMeta, effectiveFrom: LocalDay, goalML: Double) {
        self.meta = meta
        self.effectiveFrom = effectiveFrom
        self.goalML = goalML
    }
}

extension WaterGoal: SyncedRecord {
    public static let kind = RecordKind(
        id: "water goal", name: "water goal", backupKey: "waterGoals", hasNaturalKey: true)
    public var naturalKey: String? { effectiveFrom.description }
    public var searchKey: Int64? { Int64(effectiveFrom.dayNumber) }

    public func validated(in batch: RecordBatch) throws(TallyError) -> WaterGoal {
        var goal = self
        goal.goalML = try WaterAmounts.checkedGoal(goalML)
        return goal
    }

    public static func backupOrder(_ lhs: WaterGoal, _ rhs: WaterGoal) -> Bool {
        (lhs.effectiveFrom, lhs.meta.id) < (rhs.effectiveFrom, rhs.meta.id)
    }
}
