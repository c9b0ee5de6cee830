import ArgumentParser
import Foundation
import TallyCore
import TallyServices

/// `tally reminders`: one-off reminders. With no subcommand it lists upcoming and past ones.
struct RemindersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reminders", abstract: "One-off reminders: list, add, mark done, delete.",
        subcommands: [
            RemindersListCommand.self, RemindersAddCommand.self, RemindersDoneCommand.self,
            RemindersDeleteCommand.self,
        ],
        defaultSubcommand: RemindersListCommand.self)
}

struct RemindersListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Upcoming, then past reminders.")

    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    struct ListsJSON: Encodable {
        let upcoming: [ReminderJSON]
        let past: [ReminderJSON]
    }

    func run() async throws {
        let lists = try await store.scope().reminders.lists()
        if json {
            return try Output.json(
                ListsJSON(upcoming: lists.upcoming.map(ReminderJSON.init), past: lists.past.map(ReminderJSON.init)))
        }
        for (heading, reminders) in [("Upcoming", lists.upcoming), ("Past", lists.past)] {
            print("\(heading):")
            if reminders.isEmpty { print("  (none)") }
            for reminder in reminders {
                let local = reminder.zone.localDateTime(of: reminder.fields.date)
                print("  \(reminder.isDone ? "✓" : "•") \(local)  \(reminder.fields.title)  (\(reminder.id))")
            }
        }
    }
}

struct RemindersAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a reminder.")

    @Argument(help: "The title (up to 200 characters).") var title: String
    @Option(help: "The date, YYYY-MM-DD.") var date: String
    @Option(help: "The time, HH:MM (default 09:00).") var time = "09:00"
    @Option(help: "A longer description.") var description: String?
    @Option(help: "A category.") var category = "Personal"
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let scope = try await store.scope()
        let reminder = try await scope.reminders.create(
            ReminderDraft(
                title: title, description: description,
                date: try DatesInput.moment(day: date, time: time, option: "--date"), category: category))
        if json { return try Output.json(ReminderJSON(reminder)) }
        print("Added \(reminder.fields.title)  (\(reminder.id))")
    }
}

struct RemindersDoneCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "done", abstract: "Mark a reminder done.")

    @Argument(help: "The reminder's title or id.") var reminder: String
    @Flag(help: "Mark it open again.") var undo = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let reminders = try await store.scope().reminders
        let reminder = try await reminders.setDone(id: try await reminders.find(self.reminder).id, !undo)
        print(reminder.isDone ? "Done: \(reminder.fields.title)" : "Open again: \(reminder.fields.title)")
    }
}

struct RemindersDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a reminder.")

    @Argument(help: "The reminder's title or id.") var reminder: String
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let reminders = try await store.scope().reminders
        try await reminders.delete(id: try await reminders.find(reminder).id)
        print("Deleted.")
    }
}
