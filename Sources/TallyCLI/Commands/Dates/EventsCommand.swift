import ArgumentParser
import Foundation
import TallyCore
import TallyServices

/// `tally events`: recurring events. With no subcommand it lists them with their next occurrences.
struct EventsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events", abstract: "Recurring events (RFC 5545 RRULE): list, add, skip one, delete.",
        subcommands: [EventsListCommand.self, EventsAddCommand.self, EventsSkipCommand.self, EventsDeleteCommand.self],
        defaultSubcommand: EventsListCommand.self)
}

struct EventsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Every event with its next occurrences, soonest first.")

    @Option(help: "How many upcoming occurrences to show (1 to 50).") var count = 3
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func validate() throws {
        guard (1...50).contains(count) else { throw ValidationError("--count must be between 1 and 50") }
    }

    func run() async throws {
        let scope = try await store.scope()
        let now = scope.clock.now()
        let events = try await scope.events.all().map(\.event)
        if json { return try Output.json(events.map { CalendarEventJSON($0, now: now, count: count) }) }
        if events.isEmpty { print("No events yet. Add one: tally events add TITLE --start DATE --rrule FREQ=WEEKLY") }
        for event in events {
            print("\(event.fields.title)  \(RecurrenceWording.describe(event.fields.recurrenceRule))  (\(event.id))")
            let upcoming = event.schedule.upcoming(after: now, count: count)
            if upcoming.isEmpty { print("  no more occurrences") }
            for date in upcoming { print("  \(InstantFormat.string(date, in: event.zone))") }
        }
    }
}

struct EventsAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a recurring event.")

    @Argument(help: "The title (up to 200 characters).") var title: String
    @Option(help: "The first date, YYYY-MM-DD.") var start: String
    @Option(help: "The time, HH:MM (default 09:00).") var time = "09:00"
    @Option(help: "The RRULE, e.g. FREQ=WEEKLY;BYDAY=MO,WE.") var rrule: String
    @Option(help: "A category.") var category = "Personal"
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let scope = try await store.scope()
        let now = try await scope.now()
        let event = try await scope.events.create(
            EventDraft(
                title: title, start: try DatesInput.moment(day: start, time: time, option: "--start"),
                recurrenceRule: rrule, category: category))
        if json { return try Output.json(CalendarEventJSON(event, now: now.instant, count: 3)) }
        let next = event.schedule.next(after: now.instant).map { InstantFormat.string($0, in: event.zone) } ?? "none"
        print(
            "Added \(event.fields.title): \(RecurrenceWording.describe(event.fields.recurrenceRule)); next \(next)  (\(event.id))"
        )
    }
}

struct EventsSkipCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "skip", abstract: "Skip one occurrence (an EXDATE).")

    @Argument(help: "The event's title or id.") var event: String
    @Argument(help: "The occurrence, as listed (2026-11-23T18:30:00-05:00).") var occurrence: String
    @OptionGroup var store: StoreOptions

    func run() async throws {
        guard let instant = TimeInput.parseInstant(occurrence) else {
            throw TallyError.invalid(field: "OCCURRENCE", reason: "'\(occurrence)' is not a date-time with an offset")
        }
        let events = try await store.scope().events
        let skipped = try await events.skip(id: try await events.find(event).id, occurrence: instant)
        print("Skipped \(occurrence) of \(skipped.fields.title).")
    }
}

struct EventsDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete an event.")

    @Argument(help: "The event's title or id.") var event: String
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let events = try await store.scope().events
        try await events.delete(id: try await events.find(event).id)
        print("Deleted.")
    }
}
