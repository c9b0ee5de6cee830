import ArgumentParser
import TallyCore

struct WaterStatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats", abstract: "Total water, days, weeks and months the goal was met, streaks and averages.")

    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let scope = try await store.scope()
        let now = try await scope.now()
        let stats = try await scope.water.stats()
        let unit = now.settings.water.unit
        let periods = try await scope.water.periodStats()
        if json {
            let daily = WaterStatsJSON(stats, goalML: try await scope.water.currentGoal())
            return try Output.json(WaterStatsWithPeriodsJSON(daily, periods: periods))
        }
        print("Total water: \(unit.format(stats.totalML))")
        print("Days goal met: \(stats.daysMet)")
        print("Current streak: \(WaterText.days(stats.currentStreak))")
        print("Longest streak: \(WaterText.days(stats.longestStreak))")
        print(
            "Average per day: 7 days \(unit.format(stats.average7ML)) · 30 days \(unit.format(stats.average30ML))"
                + " · all time \(unit.format(stats.averageAllML))")
        for (progress, record) in [(periods.week, periods.weeks), (periods.month, periods.months)] {
            let detail = WaterPeriodText.detail(progress, unit: unit).map { " · \($0)" } ?? ""
            print("\(WaterPeriodText.headline(progress, unit: unit))\(detail)")
            if record.counted > 0 {
                print(
                    "\(progress.span.period == .week ? "Weeks" : "Months") goal met: \(record.met) of \(record.counted)"
                )
            }
        }
    }
}
