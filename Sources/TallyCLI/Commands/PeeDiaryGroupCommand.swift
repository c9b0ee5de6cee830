import ArgumentParser

/// `tally pee diary`: the diary's summary over a range of days (the default), and a diary kept for a few
/// days: `start`, `status`, `stop`.
struct PeeDiaryGroupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diary",
        abstract: "Bladder diary: a summary over a range of days, or keep a 3-day diary (start, status, stop).",
        subcommands: [
            PeeDiaryCommand.self, PeeDiaryStartCommand.self, PeeDiaryStatusCommand.self, PeeDiaryStopCommand.self,
        ],
        defaultSubcommand: PeeDiaryCommand.self)
}
