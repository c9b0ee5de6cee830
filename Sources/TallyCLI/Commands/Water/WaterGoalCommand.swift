import ArgumentParser
import TallyCore
import TallyServices

struct WaterGoalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "goal",
        abstract: "Show the daily, weekly and monthly goals, or set them (earlier days, weeks and months keep theirs).",
        discussion: """
            A daily goal counts from today; a weekly or monthly goal from the current week or month on, the \
            whole of it. Weeks start on your first weekday (tally settings --week-start).
            """)

    @Argument(help: "The new daily goal: 2000, 2l or 64oz (a bare number is in your unit).") var amount: String?
    @Option(help: "The weekly goal, such as 14l or 480oz; off takes it away.") var week: String?
    @Option(help: "The monthly goal, such as 60l; off takes it away.") var month: String?
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let scope = try await store.scope()
        let unit = try await scope.now().settings.water.unit
        // Everything is read and checked before anything is stored; off takes a period's goal away.
        var periodGoals: [WaterPeriod: WaterSettingsDraft.Amount?] = [:]
        for case (let period, let text?) in [(WaterPeriod.week, week), (.month, month)] {
            let off = ["off", "none", "0"].contains(text.trimmingCharacters(in: .whitespaces).lowercased())
            periodGoals[period] = off ? .some(nil) : .typed(text)
        }
        var draft = WaterSettingsDraft(goal: amount.map { .typed($0) }, periodGoals: periodGoals)
        (draft.goalField, draft.periodGoalFields) = ("AMOUNT", [.week: "--week", .month: "--month"])
        try await scope.water.apply(draft)
        let goal = try await scope.water.currentGoal()
        let weekGoal = try await scope.water.currentGoal(.week)
        let monthGoal = try await scope.water.currentGoal(.month)
        if json {
            struct GoalsJSON: Encodable {
                let goalMl: Double
                let weekGoalMl: Double?
                let monthGoalMl: Double?
            }
            return try Output.json(GoalsJSON(goalMl: goal, weekGoalMl: weekGoal, monthGoalMl: monthGoal))
        }
        print("Daily goal: \(unit.format(goal))")
        print("Weekly goal: \(weekGoal.map { WaterPeriodText.large($0, unit: unit) } ?? "none")")
        print("Monthly goal: \(monthGoal.map { WaterPeriodText.large($0, unit: unit) } ?? "none")")
    }

    /// `off` (or `none`, `0`) takes the goal away; anything else is an amount, checked for the period.
}

struct WaterPresetsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "presets", abstract: "Show the quick-add presets, or set 2 to 4 of them in order.")

    @Argument(help: "The presets in order: 250 500 750 or 8oz 16oz (a bare number is in your unit).")
    var amounts: [String] = []
    @Flag(help: "Go back to the unit's defaults.") var reset = false
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let scope = try await store.scope()
        let unit = try await scope.now().settings.water.unit
        if reset {
            try await scope.settings.update([.waterPresets: ""])
        } else if !amounts.isEmpty {
            try await scope.water.apply(WaterSettingsDraft(presets: amounts.map { .typed($0) }))
        }
        let presets = try await scope.now().settings.water.presetsML
        if json { return try Output.json(["presetsMl": presets]) }
        print("Presets: " + presets.map(unit.format).joined(separator: ", "))
    }
}

struct WaterUnitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unit", abstract: "Show the unit amounts are shown in, or switch it (ml or oz).")

    @Argument(help: "ml or oz.") var unit: String?
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let scope = try await store.scope()
        if let unit { try await scope.settings.update([.waterUnit: unit]) }
        print("Unit: \(try await scope.now().settings.water.unit.rawValue)")
    }
}
