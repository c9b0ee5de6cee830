import ArgumentParser
import TallyCore

struct WaterStatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats", abstract: "Total water, days the goal was met, streaks and averages.")

    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let scope = try await store.scope()
        let now = try await scope.now()
        let stats = try await scope.water.stats()
        let unit = now.settings.water.unit
        if json { return try Output.json(WaterStatsJSON(stats, goalML: try await scope.water.currentGoal())) }
        print("Total water: \(unit.format(stats.totalML))")
        print("Days goal met: \(stats.daysMet)")
        print("Current streak: \(WaterText.days(stats.currentStreak))")
        print("Longest streak: \(WaterText.days(stats.longestStreak))")
        print(
            "Average per day: 7 days \(unit.format(stats.average7ML)) · 30 days \(unit.format(stats.average30ML))"
                + " · all time \(unit.format(stats.averageAllML))")
    }
}
