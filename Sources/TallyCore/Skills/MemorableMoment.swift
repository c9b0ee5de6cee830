import Foundation

/// A moment worth remembering (D-006, B-015): an achievement, a milestone, a breakthrough or a
/// personal note, on a day, optionally about a skill.
public struct MemorableMoment: Hashable, Codable, Sendable {
    public var meta: RecordMeta
    public var title: String
    public var details: String?
    public var day: LocalDay
    public var category: MomentCategory
    public var skillID: UUID?

    public init(
        meta: RecordMeta, title: String, details: String?, day: LocalDay, category: MomentCategory, skillID: UUID?
    ) {
        self.meta = meta
        self.title = title
        self.details = details
        self.day = day
        self.category = category
        self.skillID = skillID
    }

    public var id: UUID { meta.id }

    /// The same moment with its title and description checked.
    public func validated() throws(TallyError) -> MemorableMoment {
        var moment = self
        moment.title = try SkillText.name(title, field: "title")
        moment.details = try SkillText.note(details, field: "description")
        return moment
    }
}

extension MemorableMoment: SyncedRecord {
    public static let kind = RecordKind(id: "memorable moment", name: "memorable moment", backupKey: "memorableMoments")
    public var searchKey: Int64? { Int64(day.dayNumber) }

    public func validated(in batch: RecordBatch) throws(TallyError) -> MemorableMoment { try validated() }

    public static func backupOrder(_ lhs: MemorableMoment, _ rhs: MemorableMoment) -> Bool {
        (lhs.day, lhs.meta.id) < (rhs.day, rhs.meta.id)
    }
}
