import ArgumentParser

/// `tally notify`: where notifications go, what is coming, and what was sent.
struct NotifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notify",
        abstract: "Notifications: channels (ntfy, webhooks, browsers), what is coming, and what was sent.",
        discussion: """
            `tally serve` sends notifications when they are due: water nudges, reminders, events, trackers' \
            days and skills' daily reminders. Add a channel for them to reach you: \
            `tally notify add ntfy https://ntfy.sh/YOUR-TOPIC`, then `tally notify test`.
            """,
        subcommands: [
            NotifyChannelsCommand.self, NotifyAddCommand.self, NotifyRemoveCommand.self, NotifyTestCommand.self,
            NotifyUpcomingCommand.self, NotifyLogCommand.self, NotifyCalendarCommand.self, NotifySettingsCommand.self,
        ])
}
