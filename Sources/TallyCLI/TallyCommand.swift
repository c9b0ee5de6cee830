import ArgumentParser

/// `tally`: the root command. Every subcommand but `serve` works straight on the local store, with no
/// server running.
public struct TallyCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "tally",
        abstract: "Tally: a private, local-first personal tracker.",
        subcommands: [
            ServeCommand.self, TodayCommand.self, InsightsCommand.self, PeeCommand.self, WaterCommand.self,
            SettingsCommand.self,
            ExportCommand.self, ImportCommand.self, RecurCommand.self, SkillsCommand.self, RoutineCommand.self,
            MomentsCommand.self, TrackersCommand.self, RemindersCommand.self, EventsCommand.self,
            JournalCommand.self, UsersCommand.self, TokensCommand.self, LoginCommand.self, SyncCommand.self,
            NotifyCommand.self, DoctorCommand.self, CopyCommand.self, MCPCommand.self,
        ])

    public init() {}
}
