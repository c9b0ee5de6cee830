import Foundation
import TallyCore
import TallyStorage

/// Memorable moments (B-015): achievements, milestones, breakthroughs and personal notes.
public struct MomentsService: Sendable {
    let scope: UserScope

    /// Records a moment on a day (today by default), optionally about a skill.
    public func add(
        title: String, details: String? = nil, day: LocalDay? = nil, category: MomentCategory,
        skillID: UUID? = nil
    ) async throws -> MemorableMoment {
        let now = try await scope.now()
        if let day { try LoggedTime.check(day, today: now.today) }
        if let skillID { _ = try await scope.skills.skill(id: skillID) }
        let moment = try MemorableMoment(
            meta: scope.newMeta(at: now.instant), title: title, details: details, day: day ?? now.today,
            category: category, skillID: skillID
        ).validated()
        return try await written(moment)
    }

    /// Records the moment a draft gives.
    public func add(_ draft: MomentDraft) async throws -> MemorableMoment {
        try await add(
            title: draft.title, details: draft.givenDetails, day: draft.day, category: draft.category,
            skillID: try await skillID(draft))
    }

    /// Changes a moment to what a draft gives; a draft without a day keeps the moment's.
    public func update(id: UUID, _ draft: MomentDraft) async throws -> MemorableMoment {
        let day: LocalDay
        if let given = draft.day { day = given } else { day = try await moment(id: id).day }
        return try await update(
            id: id, title: draft.title, details: draft.givenDetails, day: day, category: draft.category,
            skillID: try await skillID(draft))
    }

    private func skillID(_ draft: MomentDraft) async throws -> UUID? {
        guard let text = draft.givenSkill else { return nil }
        return try await scope.skills.find(text).id
    }

    /// The moments that pass `filter`, newest first.
    public func list(_ filter: MomentFilter = MomentFilter()) async throws -> [MemorableMoment] {
        try filter.validated().apply(try await scope.store.memorableMoments(owner: scope.owner))
    }

    public func moment(id: UUID) async throws -> MemorableMoment {
        guard let moment = try await scope.store.memorableMoment(id: id, owner: scope.owner) else {
            throw TallyError.notFound(kind: "memorable moment", id: id.text)
        }
        return moment
    }

    /// Changes a moment's words, day, category and skill.
    public func update(
        id: UUID, title: String, details: String?, day: LocalDay, category: MomentCategory, skillID: UUID?
    ) async throws -> MemorableMoment {
        let now = try await scope.now()
        try LoggedTime.check(day, today: now.today)
        if let skillID { _ = try await scope.skills.skill(id: skillID) }
        let stored = try await moment(id: id)
        var meta = stored.meta
        meta.modifiedAt = now.instant
        let moment = try MemorableMoment(
            meta: meta, title: title, details: details, day: day, category: category, skillID: skillID
        ).validated()
        // An unchanged save writes nothing: no new stamp to sync.
        guard
            moment.title != stored.title || moment.details != stored.details || moment.day != stored.day
                || moment.category != stored.category || moment.skillID != stored.skillID
        else { return stored }
        return try await written(moment)
    }

    /// A moment by its id or its title (``NamedRecord``).
    public func find(_ text: String) async throws -> MemorableMoment {
        try NamedRecord.find(
            text, in: try await list(), kind: "memorable moment", plural: "moments", id: \.id, title: \.title)
    }

    public func delete(id: UUID) async throws {
        var moment = try await moment(id: id)
        moment.meta.isDeleted = true
        moment.meta.modifiedAt = scope.clock.now()
        _ = try await written(moment)
    }

    private func written(_ moment: MemorableMoment) async throws -> MemorableMoment {
        let stored = try await scope.store.write(moment, now: moment.meta.modifiedAt)
        return stored
    }
}
