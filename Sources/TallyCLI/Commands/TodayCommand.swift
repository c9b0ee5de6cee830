import ArgumentParser
import TallyCore
import TallyServices

struct TodayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "today", abstract: "Every tracker's today at a glance.")

    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let scope = try await store.scope()
        let overview = try await TodayOverview(scope: scope)
        let boundary = try await scope.now().settings.boundary
        if json { return try Output.json(TodayJSON(overview, boundary: boundary)) }
        print("Today, \(overview.day)")
        print("Pee events: \(overview.bathroom.events.count)")
        print("Water: \(WaterText.progress(overview.water.summary, unit: overview.unit))")
    }
}
