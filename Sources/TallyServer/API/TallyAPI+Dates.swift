import Foundation
import OpenAPIRuntime
import TallyCore
import TallyServices

/// Datekeeper's operations: trackers, reminders, recurring events, the journal and image uploads.
extension TallyAPI {
    func listTrackers(_ input: Operations.ListTrackers.Input) async throws -> Operations.ListTrackers.Output {
        let now = scopes.clock.now()
        return .ok(.init(body: .json(try await scope.trackers.all().map { APIValue.tracker($0, now: now) })))
    }

    func createTracker(_ input: Operations.CreateTracker.Input) async throws -> Operations.CreateTracker.Output {
        guard case .json(let body) = input.body else { throw TallyError.unreadable("send application/json") }
        let tracker = try await scope.trackers.create(try APIValue.trackerDraft(body))
        return .created(.init(body: .json(APIValue.tracker(tracker, now: scopes.clock.now()))))
    }

    func getTracker(_ input: Operations.GetTracker.Input) async throws -> Operations.GetTracker.Output {
        let tracker = try await scope.trackers.tracker(id: try APIValue.id(input.path.id, kind: "tracker"))
        return .ok(.init(body: .json(APIValue.tracker(tracker, now: scopes.clock.now()))))
    }

    func updateTracker(_ input: Operations.UpdateTracker.Input) async throws -> Operations.UpdateTracker.Output {
        guard case .json(let body) = input.body else { throw TallyError.unreadable("send application/json") }
        let id = try APIValue.id(input.path.id, kind: "tracker")
        let tracker = try await scope.trackers.update(id: id, try APIValue.trackerDraft(body))
        return .ok(.init(body: .json(APIValue.tracker(tracker, now: scopes.clock.now()))))
    }

    func deleteTracker(_ input: Operations.DeleteTracker.Input) async throws -> Operations.DeleteTracker.Output {
        try await scope.trackers.delete(id: try APIValue.id(input.path.id, kind: "tracker"))
        return .noContent(.init())
    }

    func listReminders(_ input: Operations.ListReminders.Input) async throws -> Operations.ListReminders.Output {
        let lists = try await scope.reminders.lists()
        return .ok(
            .init(
                body: .json(
                    .init(upcoming: lists.upcoming.map(APIValue.reminder), past: lists.past.map(APIValue.reminder)))))
    }

    func createReminder(_ input: Operations.CreateReminder.Input) async throws -> Operations.CreateReminder.Output {
        guard case .json(let body) = input.body else { throw TallyError.unreadable("send application/json") }
        var reminder = try await scope.reminders.create(APIValue.reminderDraft(body))
        if body.done == true { reminder = try await scope.reminders.setDone(id: reminder.id, true) }
        return .created(.init(body: .json(APIValue.reminder(reminder))))
    }

    func getReminder(_ input: Operations.GetReminder.Input) async throws -> Operations.GetReminder.Output {
        let reminder = try await scope.reminders.reminder(id: try APIValue.id(input.path.id, kind: "reminder"))
        return .ok(.init(body: .json(APIValue.reminder(reminder))))
    }

    func updateReminder(_ input: Operations.UpdateReminder.Input) async throws -> Operations.UpdateReminder.Output {
        guard case .json(let body) = input.body else { throw TallyError.unreadable("send application/json") }
        let id = try APIValue.id(input.path.id, kind: "reminder")
        let draft = APIValue.reminderDraft(body)
        var reminder = try await scope.reminders.reminder(id: id)
        if !draft.isEmpty { reminder = try await scope.reminders.update(id: id, draft) }
        if let done = body.done { reminder = try await scope.reminders.setDone(id: id, done) }
        return .ok(.init(body: .json(APIValue.reminder(reminder))))
    }

    func deleteReminder(_ input: Operations.DeleteReminder.Input) async throws -> Operations.DeleteReminder.Output {
        try await scope.reminders.delete(id: try APIValue.id(input.path.id, kind: "reminder"))
        return .noContent(.init())
    }

    func listEvents(_ input: Operations.ListEvents.Input) async throws -> Operations.ListEvents.Output {
        let count = try APIValue.occurrenceCount(input.query.count)
        let now = scopes.clock.now()
        let events = try await scope.events.all().map { APIValue.event($0.event, now: now, count: count) }
        return .ok(.init(body: .json(events)))
    }

    func createEvent(_ input: Operations.CreateEvent.Input) async throws -> Operations.CreateEvent.Output {
        guard case .json(let body) = input.body else { throw TallyError.unreadable("send application/json") }
        let event = try await scope.events.create(APIValue.eventDraft(body))
        return .created(.init(body: .json(APIValue.event(event, now: scopes.clock.now(), count: 5))))
    }

    func getEvent(_ input: Operations.GetEvent.Input) async throws -> Operations.GetEvent.Output {
        let count = try APIValue.occurrenceCount(input.query.count)
        let event = try await scope.events.event(id: try APIValue.id(input.path.id, kind: "event"))
        return .ok(.init(body: .json(APIValue.event(event, now: scopes.clock.now(), count: count))))
    }

    func updateEvent(_ input: Operations.UpdateEvent.Input) async throws -> Operations.UpdateEvent.Output {
        guard case .json(let body) = input.body else { throw TallyError.unreadable("send application/json") }
        let id = try APIValue.id(input.path.id, kind: "event")
        let event = try await scope.events.update(id: id, APIValue.eventDraft(body))
        return .ok(.init(body: .json(APIValue.event(event, now: scopes.clock.now(), count: 5))))
    }

    func deleteEvent(_ input: Operations.DeleteEvent.Input) async throws -> Operations.DeleteEvent.Output {
        try await scope.events.delete(id: try APIValue.id(input.path.id, kind: "event"))
        return .noContent(.init())
    }

    func skipEventOccurrence(
        _ input: Operations.SkipEventOccurrence.Input
    ) async throws
        -> Operations.SkipEventOccurrence.Output
    {
        let id = try APIValue.id(input.path.id, kind: "event")
        let event = try await scope.events.skip(id: id, occurrence: input.query.occurrence)
        return .ok(.init(body: .json(APIValue.event(event, now: scopes.clock.now(), count: 5))))
    }

    func restoreEventOccurrence(
        _ input: Operations.RestoreEventOccurrence.Input
    ) async throws
        -> Operations.RestoreEventOccurrence.Output
    {
        let id = try APIValue.id(input.path.id, kind: "event")
        let event = try await scope.events.restore(id: id, occurrence: input.query.occurrence)
        return .ok(.init(body: .json(APIValue.event(event, now: scopes.clock.now(), count: 5))))
    }

    func listDailyEntries(
        _ input: Operations.ListDailyEntries.Input
    ) async throws
        -> Operations.ListDailyEntries.Output
    {
        let today = try await scope.now().today
        let from = try input.query.from.map { try LocalDay.parse($0, field: "from") }
        let to = try input.query.to.map { try LocalDay.parse($0, field: "to") }
        let first = from ?? LocalDay(year: today.year, month: today.month, day: 1)!
        let last = to ?? first.adding(days: 31)
        let entries = try await scope.journal.entries(from: first, to: last)
        return .ok(.init(body: .json(entries.map(APIValue.dailyEntry))))
    }

    func getDailyEntry(_ input: Operations.GetDailyEntry.Input) async throws -> Operations.GetDailyEntry.Output {
        let day = try LocalDay.parse(input.path.date, field: "date")
        guard let entry = try await scope.journal.entry(on: day) else {
            throw TallyError.notFound(kind: "journal entry", id: day.description)
        }
        return .ok(.init(body: .json(APIValue.dailyEntry(entry))))
    }

    func putDailyEntry(_ input: Operations.PutDailyEntry.Input) async throws -> Operations.PutDailyEntry.Output {
        guard case .json(let body) = input.body else { throw TallyError.unreadable("send application/json") }
        let day = try LocalDay.parse(input.path.date, field: "date")
        let entry = try await scope.journal.save(
            on: day, JournalEntryFields(notes: body.notes, moodRating: body.moodRating, imageUrl: body.imageUrl))
        return .ok(.init(body: .json(APIValue.dailyEntry(entry))))
    }

    func deleteDailyEntry(
        _ input: Operations.DeleteDailyEntry.Input
    ) async throws
        -> Operations.DeleteDailyEntry.Output
    {
        try await scope.journal.delete(on: try LocalDay.parse(input.path.date, field: "date"))
        return .noContent(.init())
    }

    func uploadImage(_ input: Operations.UploadImage.Input) async throws -> Operations.UploadImage.Output {
        guard case .binary(let body) = input.body else { throw TallyError.unreadable("send the image's bytes") }
        let data: Data
        do {
            data = try await Data(collecting: body, upTo: ImageKind.maxBytes)
        } catch {
            throw HTTPProblem(
                status: .contentTooLarge, detail: "image: the file is larger than the limit of 10 MB")
        }
        let url = try await scope.images.keep(data)
        let kind = ImageKind(fileName: url)!
        return .created(.init(body: .json(.init(imageUrl: url, contentType: kind.mimeType, bytes: data.count))))
    }
}
