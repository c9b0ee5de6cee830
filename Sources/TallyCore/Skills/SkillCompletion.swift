import Foundation

/// How much of a skill's task was done on a day (D-002). There is at most one per owner, skill and day;
/// a second change on the same day replaces the first, on every replica.
public struct SkillCompletion: Hashable, Codable, Sendable {
    public var meta: RecordMeta
    public var skillID: UUID
    public var day: LocalDay
    public var level: CompletionLevel
    /// Set when the skill's rule made this completion: what the rule saw ("2,150 ml"). Nil for a
    /// completion set by hand, which the rule never changes. Added after release: an earlier version
    /// drops it and shows the completion as one set by hand.
    public var ruleDetail: String?

    public init(meta: RecordMeta, skillID: UUID, day: LocalDay, level: CompletionLevel, ruleDetail: String? = nil) {
        self.meta = meta
        self.skillID = skillID
        self.day = day
        self.level = level
        self.ruleDetail = ruleDetail
    }

    /// Whether the skill's rule made it (rather than the person).
    public var isByRule: Bool { ruleDetail != nil }
}

extension SkillCompletion: SyncedRecord {
    public static let kind = RecordKind(
        id: "skill completion", name: "skill completion", backupKey: "skillCompletions", hasNaturalKey: true)
    public var naturalKey: String? { "\(skillID.text)/\(day)" }
    public var searchKey: Int64? { Int64(day.dayNumber) }

    /// A rule's note is short text.
    public func validated(in batch: RecordBatch) throws(TallyError) -> SkillCompletion {
        if let ruleDetail {
            try StoredText.check(ruleDetail, field: "ruleDetail")
            guard ruleDetail.count <= 500 else {
                throw .invalid(field: "ruleDetail", reason: "a rule's note is at most 500 characters")
            }
        }
        return self
    }

    public static func backupOrder(_ lhs: SkillCompletion, _ rhs: SkillCompletion) -> Bool {
        (lhs.day, lhs.skillID, lhs.meta.id) < (rhs.day, rhs.skillID, rhs.meta.id)
    }
}
