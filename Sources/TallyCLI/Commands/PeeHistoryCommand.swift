import ArgumentParser
import TallyCore

struct PeeHistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Events grouped by day, newest day first, a page at a time (30 days, fewer once 500 events).")

    @Option(help: "First day, YYYY-MM-DD.") var from: String?
    @Option(help: "Last day, YYYY-MM-DD.") var to: String?
    @Option(help: "Which page of days with events, from 1 (the newest).") var page = 1
    @Flag(help: "Every day with events, not one page.") var all = false
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func validate() throws {
        guard page >= 1 else { throw ValidationError("--page must be 1 or more") }
    }

    func run() async throws {
        let scope = try await store.scope()
        let now = try await scope.now()
        let paged = !all && from == nil && to == nil
        var hasOlder = false
        let days: [BathroomDay]
        if paged {
            let history = try await scope.bathroom.history(page: page, paging: .standard)
            (days, hasOlder) = (history.days, history.hasOlder)
        } else {
            days = try await scope.bathroom.history(
                from: try from.map { text throws(TallyError) in try LocalDay.parse(text, field: "--from") },
                to: try to.map { text throws(TallyError) in try LocalDay.parse(text, field: "--to") })
        }
        if json {
            struct History: Encodable {
                let days: [DayJSON]
                /// Present on a page: whether `--page` one higher shows older days.
                let hasOlder: Bool?
            }
            return try Output.json(
                History(
                    days: days.map { DayJSON($0, boundary: now.settings.boundary) }, hasOlder: paged ? hasOlder : nil))
        }
        if days.isEmpty { print(page > 1 && paged ? "No events on page \(page)." : "No events.") }
        for day in days {
            print("\(day.day)  (\(day.count))")
            for event in day.events { print(Output.line(event, userZone: now.zone)) }
        }
        if hasOlder { print("Older days: tally pee history --page \(page + 1)") }
    }
}
