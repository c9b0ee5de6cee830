import ArgumentParser
import TallyCore

struct WaterTodayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "today", abstract: "Today's total against the goal, and the entries, newest first.")

    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let scope = try await store.scope()
        let now = try await scope.now()
        try WaterText.show(try await scope.water.today(), settings: now.settings, json: json)
    }
}

struct WaterDayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "day", abstract: "One day's total against that day's goal, and its entries.")

    @Argument(help: "The day, YYYY-MM-DD.") var date: String
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let day = try LocalDay.parse(date, field: "DATE")
        let scope = try await store.scope()
        let now = try await scope.now()
        try WaterText.show(try await scope.water.day(day), settings: now.settings, json: json)
    }
}
