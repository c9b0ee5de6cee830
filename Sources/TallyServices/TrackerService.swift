import Foundation
import TallyCore
import TallyStorage

/// Datekeeper's trackers: the time since or until a date.
public struct TrackerService: Sendable {
    let scope: UserScope

    /// Every tracker, soonest target first.
    public func all() async throws -> [DateTracker] {
        try await scope.store.dateTrackers(owner: scope.owner)
    }

    /// A tracker by its id or its title (``NamedRecord``).
    public func find(_ text: String) async throws -> DateTracker {
        try NamedRecord.find(
            text, in: try await scope.store.dateTrackers(owner: scope.owner), kind: "tracker", id: \.id,
            title: \.fields.title)
    }

    public func tracker(id: UUID) async throws -> DateTracker {
        guard let tracker = try await scope.store.dateTracker(id: id, owner: scope.owner) else {
            throw TallyError.notFound(kind: "tracker", id: id.text)
        }
        return tracker
    }

    public func create(_ fields: DateTrackerFields) async throws -> DateTracker {
        let checked = try fields.validated()
        try await scope.images.requireStored(checked.imageUrl)
        let instant = scope.clock.now()
        return try await written(DateTracker(meta: scope.newMeta(at: instant), fields: checked))
    }

    /// A new tracker from a draft, in the person's zone unless the draft names one.
    public func create(_ draft: TrackerDraft) async throws -> DateTracker {
        try await create(try draft.fields(current: nil, zone: try await scope.now().zone))
    }

    /// Changes what the draft gives; the rest stays as stored.
    public func update(id: UUID, _ draft: TrackerDraft) async throws -> DateTracker {
        let current = try await tracker(id: id)
        return try await update(
            id: id, fields: try draft.fields(current: current.fields, zone: try await scope.now().zone))
    }

    public func update(id: UUID, fields: DateTrackerFields) async throws -> DateTracker {
        var tracker = try await tracker(id: id)
        let checked = try fields.validated()
        // An unchanged save writes nothing: no new stamp to sync.
        guard checked != tracker.fields else { return tracker }
        tracker.fields = checked
        try await scope.images.requireStored(tracker.fields.imageUrl)
        tracker.meta.modifiedAt = scope.clock.now()
        return try await written(tracker)
    }

    /// Deletes a tracker: it becomes a tombstone that every read hides.
    public func delete(id: UUID) async throws {
        try await scope.tombstone(try await tracker(id: id))
    }

    private func written(_ tracker: DateTracker) async throws -> DateTracker {
        let stored = try await scope.store.write(tracker, now: tracker.meta.modifiedAt)
        return stored
    }
}
