import Foundation
import TallyCore
import TallyStorage

/// One-off reminders: upcoming and past lists, marking done.
public struct ReminderService: Sendable {
    let scope: UserScope

    /// Open reminders still to come (soonest first), and the rest: done or passed (latest first).
    public func lists() async throws -> (upcoming: [Reminder], past: [Reminder]) {
        let now = scope.clock.now()
        let all = try await scope.store.reminders(owner: scope.owner)
        return (all.filter { $0.isUpcoming(now: now) }, all.filter { !$0.isUpcoming(now: now) }.reversed())
    }

    /// A reminder by its id or its title (``NamedRecord``).
    public func find(_ text: String) async throws -> Reminder {
        try NamedRecord.find(
            text, in: try await scope.store.reminders(owner: scope.owner), kind: "reminder", id: \.id,
            title: \.fields.title)
    }

    public func reminder(id: UUID) async throws -> Reminder {
        guard let reminder = try await scope.store.reminder(id: id, owner: scope.owner) else {
            throw TallyError.notFound(kind: "reminder", id: id.text)
        }
        return reminder
    }

    public func create(_ fields: ReminderFields) async throws -> Reminder {
        let checked = try fields.validated()
        return try await written(Reminder(meta: scope.newMeta(at: scope.clock.now()), fields: checked))
    }

    /// A new reminder from a draft, in the person's zone unless the draft names one.
    public func create(_ draft: ReminderDraft) async throws -> Reminder {
        try await create(try draft.fields(current: nil, zone: try await scope.now().zone))
    }

    /// Changes what the draft gives; the rest stays as stored.
    public func update(id: UUID, _ draft: ReminderDraft) async throws -> Reminder {
        let current = try await reminder(id: id)
        return try await update(
            id: id, fields: try draft.fields(current: current.fields, zone: try await scope.now().zone))
    }

    public func update(id: UUID, fields: ReminderFields) async throws -> Reminder {
        var reminder = try await reminder(id: id)
        let checked = try fields.validated()
        // An unchanged save writes nothing: no new stamp to sync.
        guard checked != reminder.fields else { return reminder }
        reminder.fields = checked
        reminder.meta.modifiedAt = scope.clock.now()
        return try await written(reminder)
    }

    /// Marks a reminder done (now) or open again.
    public func setDone(id: UUID, _ done: Bool) async throws -> Reminder {
        var reminder = try await reminder(id: id)
        let instant = scope.clock.now()
        guard reminder.isDone != done else { return reminder }
        reminder.completedAt = done ? instant : nil
        reminder.meta.modifiedAt = instant
        return try await written(reminder)
    }

    public func delete(id: UUID) async throws {
        try await scope.tombstone(try await reminder(id: id))
    }

    private func written(_ reminder: Reminder) async throws -> Reminder {
        let stored = try await scope.store.write(reminder, now: reminder.meta.modifiedAt)
        return stored
    }
}
