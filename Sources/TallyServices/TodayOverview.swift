import Foundation
import TallyCore

/// Every tracker's today at a glance, in the person's zone and day start: the bathroom count, the water
/// ring, the skills' tasks, today's open reminders and event occurrences, the nearest countdowns and the
/// journal's entry. The Today page, `GET /api/v1/today` and `tally today` all read this.
public struct TodayOverview: Sendable {
    /// An event's occurrence today.
    public struct Occurrence: Sendable {
        public let event: CalendarEvent
        public let at: Date
    }

    /// A reminder or an event's occurrence today, as the day's agenda lists it.
    public struct AgendaItem: Sendable {
        public enum Kind: String, Sendable {
            case reminder = "Reminder"
            case event = "Event"
        }

        public let at: Date
        public let title: String
        public let kind: Kind
    }

    /// How many countdowns Today shows.
    public static let countdownLimit = 3

    public let day: LocalDay
    public let now: Date
    public let zone: TimeZone
    public let bathroom: BathroomDay
    public let water: WaterDay
    public let unit: VolumeUnit
    /// Today's tasks as the skills page lists them: due, carried over, or done on a free day.
    public let tasks: [SkillTask]
    /// What each skill's rule saw, for today's completions a rule made.
    public let ruleNotes: [UUID: String]
    /// Reminders not done whose time falls today, soonest first (passed ones too: they are still open).
    public let reminders: [Reminder]
    /// Events' occurrences today, in time order (skipped ones are not occurrences).
    public let events: [Occurrence]
    /// The countdowns ("till" trackers) still to come, soonest first, at most ``countdownLimit``.
    public let countdowns: [DateTracker]
    /// Today's journal entry, or nil while it is not written.
    public let journal: JournalEntry?

    public init(scope: UserScope) async throws {
        let now = try await scope.now()
        day = now.today
        self.now = now.instant
        zone = now.zone
        bathroom = try await scope.bathroom.today()
        water = try await scope.water.today()
        unit = now.settings.water.unit
        let skills = try await scope.skills.home(day: now.today)
        tasks = skills.tasks
        ruleNotes = skills.ruleNotes
        let today = now.settings.boundary.interval(of: now.today, in: now.zone)
        reminders = try await scope.store.reminders(owner: scope.owner)
            .filter { !$0.isDone && today.contains($0.fields.date) && $0.fields.date < today.end }
            .sorted { $0.fields.date < $1.fields.date }
        events = try await scope.store.calendarEvents(owner: scope.owner)
            .flatMap { event in
                event.schedule.occurrences(in: today).filter { $0 < today.end }.map { Occurrence(event: event, at: $0) }
            }
            .sorted { $0.at < $1.at }
        countdowns = Array(
            try await scope.store.dateTrackers(owner: scope.owner)
                .filter { $0.fields.type == .till && !$0.hasArrived(now: now.instant) }
                .sorted { $0.fields.targetDate < $1.fields.targetDate }
                .prefix(Self.countdownLimit))
        journal = try await scope.journal.entry(on: now.today)
    }

    /// Today's reminders and event occurrences together, in time order.
    public var agenda: [AgendaItem] {
        (reminders.map { AgendaItem(at: $0.fields.date, title: $0.fields.title, kind: .reminder) }
            + events.map { AgendaItem(at: $0.at, title: $0.event.fields.title, kind: .event) })
            .sorted { $0.at < $1.at }
    }
}
