import ArgumentParser
import TallyCore

struct WaterGoalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "goal", abstract: "Show the daily goal, or set it from today on (earlier days keep theirs).")

    @Argument(help: "The new goal: 2000, 2l or 64oz (a bare number is in your unit).") var amount: String?
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let scope = try await store.scope()
        let unit = try await scope.now().settings.water.unit
        if let amount {
            try await scope.water.setGoal(try WaterAmounts.parse(amount, unit: unit, field: "AMOUNT"))
        }
        let goal = try await scope.water.currentGoal()
        if json { return try Output.json(["goalMl": goal]) }
        print("Daily goal: \(unit.format(goal))")
    }
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
            let presets = try amounts.map { text throws(TallyError) in
                try WaterAmounts.parse(text, unit: unit, field: "AMOUNT")
            }
            try await scope.settings.update([.waterPresets: presets.map { String($0) }.joined(separator: ",")])
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
