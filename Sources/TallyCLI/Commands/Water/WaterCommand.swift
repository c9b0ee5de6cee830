import ArgumentParser

/// `tally water`: the water tracker. With no subcommand it logs an amount.
struct WaterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "water",
        abstract: "Log water and read the totals, streaks and goal.",
        subcommands: [
            WaterLogCommand.self, WaterTodayCommand.self, WaterDayCommand.self, WaterStatsCommand.self,
            WaterGoalCommand.self, WaterPresetsCommand.self, WaterUnitCommand.self, WaterDeleteCommand.self,
            WaterUndoCommand.self, WaterRemindersCommand.self, WaterWeekCommand.self,
        ],
        defaultSubcommand: WaterLogCommand.self)
}
