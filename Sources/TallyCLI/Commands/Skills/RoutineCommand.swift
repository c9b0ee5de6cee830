import ArgumentParser
import TallyCore

/// `tally routine`: the four morning habits. With no subcommand it shows a day's.
struct RoutineCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "routine", abstract: "The morning routine: read, stretch, weight, water.",
        subcommands: [RoutineShowCommand.self, RoutineDoneCommand.self], defaultSubcommand: RoutineShowCommand.self)
}

struct RoutineShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "A day's habits (the default).")

    @Option(help: "The day, YYYY-MM-DD. Default: today.") var date: String?
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let day = try date.map { text throws(TallyError) in try LocalDay.parse(text, field: "--date") }
        let routine = try await store.scope().routine.day(day)
        if json { return try Output.json(RoutineDayJSON(routine)) }
        print("Morning routine, \(routine.day):")
        for item in routine.items { print("  \(RoutineText.box(item.level)) \(item.habit.name)") }
    }
}

struct RoutineDoneCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "done", abstract: "Mark a habit done.")

    @Argument(help: "read-10-pages, stretch, track-weight or drink-500ml-water (or read, weight, water).")
    var habit: String
    @Flag(help: "Done in part.") var partial = false
    @Flag(help: "Clear it: not done.") var none = false
    @Option(help: "The day, YYYY-MM-DD. Default: today.") var date: String?
    @OptionGroup var store: StoreOptions

    func run() async throws {
        if partial && none {
            throw TallyError.invalid(field: "--partial", reason: "give --partial or --none, not both")
        }
        let habit = try RoutineHabit.parse(self.habit, field: "HABIT")
        let day = try date.map { text throws(TallyError) in try LocalDay.parse(text, field: "--date") }
        let level: CompletionLevel = partial ? .partial : none ? .none : .full
        let routine = try await store.scope().routine.set(habit, level: level, day: day)
        print("\(habit.name) on \(routine.day): \(level.rawValue)")
    }
}

enum RoutineText {
    static func box(_ level: CompletionLevel) -> String {
        switch level {
        case .none: "[ ]"
        case .partial: "[~]"
        case .full: "[x]"
        }
    }
}
