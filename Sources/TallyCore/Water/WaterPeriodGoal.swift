import Foundation

/// A weekly or monthly goal and the day it was set, kept as a history like the daily goal
/// (``WaterGoal``): a week or month is judged by the last goal set on or before its last day, so a goal set
/// on a Wednesday counts for that whole week and later ones, and earlier weeks keep theirs. A record
/// without an amount takes the goal away from then on.
///
/// A kind of its own rather than a field on ``WaterGoal``: replicas of earlier versions do not know the
/// kind and pass over it, where they would have read a `period` field as nothing and taken a weekly goal
/// of 14 litres for a daily one (or refused it as more than 20 litres a day). At most one per owner,
/// period and day; a second change on the same day replaces the first.
public struct WaterPeriodGoal: Hashable, Codable, Sendable {
    public var meta: RecordMeta
    public var period: WaterPeriod
    /// The day the goal was set: it counts for the week or month holding this day and after.
    public var effectiveFrom: LocalDay
    /// Nil: no goal for this period from then on.
    public var goalML: Double?

    public init(meta: RecordMeta, period: WaterPeriod, effectiveFrom: LocalDay, goalML: Double?) {
        self.meta = meta
        self.period = period
        self.effectiveFrom = effectiveFrom
        self.goalML = goalML
    }
}

extension WaterPeriodGoal: SyncedRecord {
    public static let kind = RecordKind(
        id: "water period goal", name: "weekly or monthly water goal", backupKey: "waterPeriodGoals",
        hasNaturalKey: true)
    public var naturalKey: String? { "\(period.rawValue) \(effectiveFrom)" }
    public var searchKey: Int64? { Int64(effectiveFrom.dayNumber) }

    public func validated(in batch: RecordBatch) throws(TallyError) -> WaterPeriodGoal {
        var goal = self
        goal.goalML = try goalML.map { value throws(TallyError) in try WaterAmounts.checkedGoal(value, period: period) }
        return goal
    }

    public static func backupOrder(_ lhs: WaterPeriodGoal, _ rhs: WaterPeriodGoal) -> Bool {
        (lhs.period.rawValue, lhs.effectiveFrom, lhs.meta.id) < (rhs.period.rawValue, rhs.effectiveFrom, rhs.meta.id)
    }
}
