import ArgumentParser
import Foundation
import TallyCore
import TallyServices

/// `tally notify settings`: which kinds of notification are on, each event's lead time and each skill's
/// daily reminder time (the water nudges' rules are `tally water reminders`).
struct NotifySettingsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show or change which notifications are on, events' lead times and skills' reminder times.",
        discussion: """
            Examples: `tally notify settings --events off`, `tally notify settings --event-lead "Yoga=30"` \
            (30 minutes before each occurrence; "Yoga=" for none), `tally notify settings --skill-time \
            "Guitar=19:00"` (a daily reminder while the day's task is not done; "Guitar=" for none).
            """)

    @Option(help: "Water nudges: on or off.") var water: String?
    @Option(help: "Reminders: on or off.") var reminders: String?
    @Option(help: "Events: on or off.") var events: String?
    @Option(help: "Countdown trackers arriving: on or off.") var trackers: String?
    @Option(help: "Skills' daily reminders and reviews: on or off.") var skills: String?
    @Option(help: "The bladder diary's wake-up and bedtime reminders: on or off.") var diary: String?
    @Option(help: "EVENT=MINUTES: notify this long before each occurrence (EVENT is its title or id).")
    var eventLead: [String] = []
    @Option(help: "SKILL=HH:MM: a daily reminder at this time (SKILL is its name or id).")
    var skillTime: [String] = []
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let scope = try await store.scope()
        var changes: [NotificationPreferenceName: String] = [:]
        for (name, value) in zip(
            NotificationPreferenceName.switches, [water, reminders, events, trackers, skills, diary])
        {
            if let value { changes[name] = value }
        }
        for pair in eventLead {
            let (title, value) = try Self.split(pair, "--event-lead", example: "Yoga=30")
            let event = try await Self.event(title, in: scope)
            changes[.eventLead(event.id)] = value
        }
        for pair in skillTime {
            let (name, value) = try Self.split(pair, "--skill-time", example: "Guitar=19:00")
            changes[.skillTime(try await scope.skills.find(name).id)] = value
        }
        let service = scope.notificationSettings
        let preferences = changes.isEmpty ? try await service.current() : try await service.update(changes)
        let events = try await scope.events.all().map(\.event)
        let skills = try await scope.skills.all()
        let leads = events.compactMap { event in
            preferences.eventLeadMinutes[event.id].map { (event.fields.title, $0) }
        }
        let times = skills.compactMap { skill in preferences.skillTimes[skill.id].map { (skill.name, $0) } }
        if json {
            return try Output.json(
                NotifySettingsJSON(
                    water: preferences.water, reminders: preferences.reminders, events: preferences.events,
                    trackers: preferences.trackers, skills: preferences.skills, diary: preferences.diary,
                    eventLeadMinutes: Dictionary(leads, uniquingKeysWith: { first, _ in first }),
                    skillTimes: Dictionary(
                        times.map { ($0.0, $0.1.description) }, uniquingKeysWith: { first, _ in first })))
        }
        for name in NotificationPreferenceName.switches { print("\(name): \(preferences.value(of: name))") }
        for (title, minutes) in leads { print("\(title): \(minutes) min before") }
        for (name, time) in times { print("\(name): daily at \(time)") }
    }

    /// `NAME=VALUE`, split at the last `=` (a title may hold one).
    static func split(_ pair: String, _ option: String, example: String) throws -> (String, String) {
        guard let equals = pair.lastIndex(of: "=") else {
            throw ValidationError("\(option): '\(pair)' is not NAME=VALUE, e.g. \(example)")
        }
        return (String(pair[..<equals]), String(pair[pair.index(after: equals)...]))
    }

    /// The user's event with this id or title (any case).
    static func event(_ text: String, in scope: UserScope) async throws -> CalendarEvent {
        if let id = UUID(text: text) { return try await scope.events.event(id: id) }
        let wanted = text.trimmingCharacters(in: .whitespaces)
        guard
            let event = try await scope.events.all().map(\.event).first(where: {
                $0.fields.title.caseInsensitiveCompare(wanted) == .orderedSame
            })
        else { throw TallyError.invalid(field: "--event-lead", reason: "you have no event called '\(text)'") }
        return event
    }
}

/// `tally notify settings --json`.
struct NotifySettingsJSON: Encodable {
    let water: Bool
    let reminders: Bool
    let events: Bool
    let trackers: Bool
    let skills: Bool
    let diary: Bool
    /// By event title.
    let eventLeadMinutes: [String: Int]
    /// By skill name.
    let skillTimes: [String: String]
}
