import ArgumentParser

/// `tally pee`: the bathroom diary. With no subcommand it logs an event.
struct PeeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pee",
        abstract: "Log and read the bathroom diary.",
        subcommands: [
            PeeLogCommand.self, PeeTodayCommand.self, PeeHistoryCommand.self, PeeDeleteCommand.self,
            PeeDiaryGroupCommand.self, PeeMarkCommand.self, PeeReportCommand.self, PeeShareCommand.self,
        ],
        defaultSubcommand: PeeLogCommand.self)
}
