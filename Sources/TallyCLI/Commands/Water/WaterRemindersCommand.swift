import ArgumentParser
import TallyCore

struct WaterRemindersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reminders",
        abstract: "Show or change the water nudges: how many, quiet hours, the gap after a drink.",
        discussion: """
            Nudges are spread evenly between your wake time and bedtime (`tally settings`), skipped in quiet \
            hours, within the gap after a logged drink, while you are on pace, and once the goal is met.
            """)

    @Option(help: "Nudges per day, 1 to 24.") var perDay: String?
    @Option(help: "Quiet hours, HH:MM-HH:MM (e.g. 12:00-13:00); \"\" for none.") var quiet: String?
    @Option(help: "No nudge within this many minutes after a drink (0 to 720).") var gap: String?
    @Flag(help: "Turn nudges on.") var on = false
    @Flag(help: "Turn nudges off.") var off = false
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func validate() throws {
        if on && off { throw ValidationError("give --on or --off, not both") }
    }

    func run() async throws {
        let service = try await store.scope().notificationSettings
        var changes: [NotificationPreferenceName: String] = [:]
        if let perDay { changes[.waterPerDay] = perDay }
        if let quiet { changes[.waterQuiet] = quiet }
        if let gap { changes[.waterGap] = gap }
        if on { changes[.water] = "on" }
        if off { changes[.water] = "off" }
        let preferences = changes.isEmpty ? try await service.current() : try await service.update(changes)
        if json {
            return try Output.json(
                WaterRemindersJSON(
                    on: preferences.water, perDay: preferences.waterPerDay,
                    quietHours: preferences.waterQuiet?.description, gapMinutes: preferences.waterGapMinutes))
        }
        print("Water nudges: \(preferences.water ? "on" : "off")")
        print("Per day: \(preferences.waterPerDay)")
        print("Quiet hours: \(preferences.waterQuiet?.description ?? "none")")
        print("Gap after a drink: \(preferences.waterGapMinutes) min")
    }
}

struct WaterRemindersJSON: Encodable {
    let on: Bool
    let perDay: Int
    let quietHours: String?
    let gapMinutes: Int
}
