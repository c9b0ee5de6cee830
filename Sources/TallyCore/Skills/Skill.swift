import Foundation

/// A skill or habit someone practises (D-001): what it is, how often, for how long, and whether an
/// unfinished task rolls over.
public struct Skill: Hashable, Codable, Sendable {
    public var meta: RecordMeta
    public var fields: SkillFields
    /// Archived by hand on this day; nil while active. A skill whose time frame has ended counts as
    /// archived without this (see ``isArchived(on:)``).
    public var archivedOn: LocalDay?
    /// The day its end was reviewed, which clears the review reminder.
    public var reviewedOn: LocalDay?

    public init(meta: RecordMeta, fields: SkillFields, archivedOn: LocalDay? = nil, reviewedOn: LocalDay? = nil) {
        self.meta = meta
        self.fields = fields
        self.archivedOn = archivedOn
        self.reviewedOn = reviewedOn
    }

    public var id: UUID { meta.id }
    public var name: String { fields.name }
    public var frequency: SkillFrequency { fields.frequency }

    /// Archived by hand, or its time frame ended before `day`. Derived, so it needs no write when a day
    /// passes and two replicas can never disagree about it.
    public func isArchived(on day: LocalDay) -> Bool {
        if let archivedOn, archivedOn <= day { return true }
        if let end = fields.endDay, end < day { return true }
        return false
    }

    /// Whether the skill is in its time frame and not archived on `day`.
    public func isActive(on day: LocalDay) -> Bool { fields.startDay <= day && !isArchived(on: day) }

    /// The time frame ended, the user asked for a review, and it has not been reviewed since.
    public func needsReview(on today: LocalDay) -> Bool {
        guard fields.reviewReminder, let end = fields.endDay, end < today else { return false }
        guard let reviewedOn else { return true }
        return reviewedOn <= end
    }
}

extension Skill: SyncedRecord {
    public static let kind = RecordKind(id: "skill", name: "skill", backupKey: "skills")

    /// A skill may name a custom category from the same batch, even one deleted since (the batch holds
    /// its tombstone).
    public func validated(in batch: RecordBatch) throws(TallyError) -> Skill {
        let categories = SkillCategories(
            custom: batch.records(SkillCategory.self).map { category in
                var known = category
                known.meta.isDeleted = false
                return known
            })
        var skill = self
        skill.fields = try fields.validated(categories: categories)
        return skill
    }
}
