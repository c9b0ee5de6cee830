import Foundation
import TallyCore
import TallyStorage

/// Recurring events: an RRULE from a start, its next occurrences, and skipping one (EXDATE).
public struct EventService: Sendable {
    let scope: UserScope

    /// Every event with its next occurrence, soonest first; events that have ended come last.
    public func all() async throws -> [(event: CalendarEvent, next: Date?)] {
        let now = scope.clock.now()
        return try await scope.store.calendarEvents(owner: scope.owner)
            .map { ($0, $0.schedule.next(after: now)) }
            .sorted { lhs, rhs in
                switch (lhs.1, rhs.1) {
                case (let a?, let b?): a < b
                case (.some, nil): true
                case (nil, .some): false
                case (nil, nil): lhs.0.fields.startDate > rhs.0.fields.startDate
                }
            }
    }

    /// An event by its id or its title (``NamedRecord``).
    public func find(_ text: String) async throws -> CalendarEvent {
        try NamedRecord.find(
            text, in: try await scope.store.calendarEvents(owner: scope.owner), kind: "event", id: \.id,
            title: \.fields.title)
    }

    public func event(id: UUID) async throws -> CalendarEvent {
        guard let event = try await scope.store.calendarEvent(id: id, owner: scope.owner) else {
            throw TallyError.notFound(kind: "event", id: id.text)
        }
        return event
    }

    public func create(_ fields: CalendarEventFields) async throws -> CalendarEvent {
        let checked = try fields.validated()
        return try await written(CalendarEvent(meta: scope.newMeta(at: scope.clock.now()), fields: checked))
    }

    /// A new event from a draft, in the person's zone unless the draft names one.
    public func create(_ draft: EventDraft) async throws -> CalendarEvent {
        try await create(try draft.fields(current: nil, zone: try await scope.now().zone))
    }

    /// Changes what the draft gives; the rest stays as stored.
    public func update(id: UUID, _ draft: EventDraft) async throws -> CalendarEvent {
        let current = try await event(id: id)
        return try await update(
            id: id, fields: try draft.fields(current: current.fields, zone: try await scope.now().zone))
    }

    public func update(id: UUID, fields: CalendarEventFields) async throws -> CalendarEvent {
        var event = try await event(id: id)
        let checked = try fields.validated()
        // An unchanged save writes nothing: no new stamp to sync.
        guard checked != event.fields else { return event }
        event.fields = checked
        event.meta.modifiedAt = scope.clock.now()
        return try await written(event)
    }

    /// Skips one occurrence (adds an EXDATE); `occurrence` must be one the event has.
    public func skip(id: UUID, occurrence: Date) async throws -> CalendarEvent {
        var event = try await event(id: id)
        let instant = Date(millisecondsSince1970: occurrence.millisecondsSince1970)
        let window = DateInterval(start: instant, duration: 1)
        guard !event.schedule.occurrences(in: window).isEmpty else {
            throw TallyError.invalid(field: "occurrence", reason: "\(occurrence) is not an occurrence of this event")
        }
        event.fields.excludedDates.append(instant)
        event.fields = try event.fields.validated()
        event.meta.modifiedAt = scope.clock.now()
        return try await written(event)
    }

    /// Brings back a skipped occurrence.
    public func restore(id: UUID, occurrence: Date) async throws -> CalendarEvent {
        var event = try await event(id: id)
        let instant = Date(millisecondsSince1970: occurrence.millisecondsSince1970)
        guard event.fields.excludedDates.contains(instant) else {
            throw TallyError.invalid(field: "occurrence", reason: "\(occurrence) is not a skipped occurrence")
        }
        event.fields.excludedDates.removeAll { $0 == instant }
        event.meta.modifiedAt = scope.clock.now()
        return try await written(event)
    }

    public func delete(id: UUID) async throws {
        try await scope.tombstone(try await event(id: id))
    }

    private func written(_ event: CalendarEvent) async throws -> CalendarEvent {
        let stored = try await scope.store.write(event, now: event.meta.modifiedAt)
        return stored
    }
}
