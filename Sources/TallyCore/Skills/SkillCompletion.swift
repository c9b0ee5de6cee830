import Foundation

/// How much of a skill's task was done on a day (D-002). There is at most one per owner, skill and day;
/// a second change on the same day replaces the first, on every replica.
public struct SkillCompletion: Hashable, Codable, Sendable {
    public var meta: RecordMeta
    public var skillID: UUID
    public var day: LocalDay
    public var level: CompletionLevel

    public init(meta: RecordMeta, skillID: UUID, day: LocalDay, level: CompletionLevel) {
        self.meta = meta
        self.skillID = skillID
        self.day = day
        self.level = level
    }
}

extension SkillCompletion: SyncedRecord {
    public static let kind = RecordKind(
        id: "skill completion", name: "skill completion", backupKey: "skillCompletions", hasNaturalKey: true)
    public var naturalKey: String? { "\(skillID.text)/\(day)" }
    public var searchKey: Int64? { Int64(day.dayNumber) }

    public static func backupOrder(_ lhs: SkillCompletion, _ rhs: SkillCompletion) -> Bool {
        (lhs.day, lhs.skillID, lhs.meta.id) < (rhs.day, rhs.skillID, rhs.meta.id)
    }
}
