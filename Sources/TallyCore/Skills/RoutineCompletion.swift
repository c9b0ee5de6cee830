import Foundation

/// How much of a morning habit was done on a day (D-004). At most one per owner, habit and day; a
/// second change on the same day replaces the first, on every replica.
public struct RoutineCompletion: Hashable, Codable, Sendable {
    public var meta: RecordMeta
    public var habit: RoutineHabit
    public var day: LocalDay
    public var level: CompletionLevel

    public init(meta: RecordMeta, habit: RoutineHabit, day: LocalDay, level: CompletionLevel) {
        self.meta = meta
        self.habit = habit
        self.day = day
        self.level = level
    }
}

extension RoutineCompletion: SyncedRecord {
    public static let kind = RecordKind(
        id: "routine completion", name: "routine completion", backupKey: "routineCompletions", hasNaturalKey: true)
    public var naturalKey: String? { "\(habit.rawValue)/\(day)" }
    public var searchKey: Int64? { Int64(day.dayNumber) }

    public static func backupOrder(_ lhs: RoutineCompletion, _ rhs: RoutineCompletion) -> Bool {
        (lhs.day, lhs.habit.rawValue, lhs.meta.id) < (rhs.day, rhs.habit.rawValue, rhs.meta.id)
    }
}
