import ArgumentParser
import Foundation
import TallyCore
import TallyServices

/// `tally trackers`: Datekeeper's since/till trackers. With no subcommand it lists them.
struct TrackersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trackers", abstract: "Count the time since or until dates.",
        subcommands: [TrackersListCommand.self, TrackersAddCommand.self, TrackersDeleteCommand.self],
        defaultSubcommand: TrackersListCommand.self)
}

struct TrackersListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Every tracker, soonest first.")

    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let scope = try await store.scope()
        let now = scope.clock.now()
        let trackers = try await scope.trackers.all()
        if json { return try Output.json(trackers.map { TrackerJSON($0, now: now) }) }
        if trackers.isEmpty { print("No trackers yet. Add one: tally trackers add TITLE --till DATE") }
        for tracker in trackers {
            let kind = tracker.fields.type == .since ? "since" : "until"
            print(
                "\(tracker.fields.title)  \(RelativeTimeFormatter.string(tracker.breakdown(now: now)))  "
                    + "(\(kind) \(tracker.targetDay))  \(tracker.id)")
        }
    }
}

struct TrackersAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a tracker counting since or until a date.")

    @Argument(help: "The title (up to 200 characters).") var title: String
    @Option(help: "Count the time since this date (YYYY-MM-DD).") var since: String?
    @Option(help: "Count the time until this date (YYYY-MM-DD).") var till: String?
    @Option(help: "A time of day (HH:MM); without it only the date counts.") var time: String?
    @Option(help: "Units to show, largest first: years,months,weeks,days,hours.") var units = "years,months,days"
    @Option(help: "A category.") var category = "Personal"
    @Option(help: "A colour theme: \(ColorTheme.allCases.map(\.rawValue).joined(separator: ", ")).") var theme = "blue"
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func validate() throws {
        guard (since == nil) != (till == nil) else { throw ValidationError("give exactly one of --since and --till") }
    }

    func run() async throws {
        let scope = try await store.scope()
        let now = try await scope.now()
        let kind: TrackerKind = since != nil ? .since : .till
        let target = try DatesInput.moment(
            day: since ?? till ?? "", time: time, option: kind == .since ? "--since" : "--till")
        let tracker = try await scope.trackers.create(
            TrackerDraft(
                title: title, target: target, type: kind, category: category,
                colorTheme: try ColorTheme.parse(theme, field: "--theme"),
                displayUnits: try DisplayUnit.parseList(units, field: "--units")))
        if json { return try Output.json(TrackerJSON(tracker, now: now.instant)) }
        print(
            "Added \(tracker.fields.title): \(RelativeTimeFormatter.string(tracker.breakdown(now: now.instant)))  (\(tracker.id))"
        )
    }
}

struct TrackersDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a tracker.")

    @Argument(help: "The tracker's title or id.") var tracker: String
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let trackers = try await store.scope().trackers
        try await trackers.delete(id: try await trackers.find(tracker).id)
        print("Deleted.")
    }
}
