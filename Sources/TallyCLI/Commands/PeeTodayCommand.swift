import ArgumentParser

struct PeeTodayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "today", abstract: "Today's events, newest first.")

    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let scope = try await store.scope()
        let now = try await scope.now()
        let today = try await scope.bathroom.today()
        if json { return try Output.json(DayJSON(today, boundary: now.settings.boundary)) }
        print("Pee events: \(today.count)  (\(today.day))")
        for event in today.events { print(Output.line(event, userZone: now.zone)) }
    }
}
