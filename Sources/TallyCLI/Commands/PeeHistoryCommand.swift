import ArgumentParser
import TallyCore

struct PeeHistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "Events grouped by day, newest day first.")

    @Option(help: "First day, YYYY-MM-DD.") var from: String?
    @Option(help: "Last day, YYYY-MM-DD.") var to: String?
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let scope = try await store.scope()
        let now = try await scope.now()
        let days = try await scope.bathroom.history(
            from: try from.map { text throws(TallyError) in try LocalDay.parse(text, field: "--from") },
            to: try to.map { text throws(TallyError) in try LocalDay.parse(text, field: "--to") })
        if json {
            struct History: Encodable { let days: [DayJSON] }
            return try Output.json(History(days: days.map { DayJSON($0, boundary: now.settings.boundary) }))
        }
        if days.isEmpty { print("No events.") }
        for day in days {
            print("\(day.day)  (\(day.events.count))")
            for event in day.events { print(Output.line(event, userZone: now.zone)) }
        }
    }
}
