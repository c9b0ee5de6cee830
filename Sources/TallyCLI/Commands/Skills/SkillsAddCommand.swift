import ArgumentParser
import TallyCore
import TallyServices

struct SkillsAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a skill to track.")

    @Argument(help: "The skill's name.") var name: String
    @Option(help: "A category (name or key), such as Fitness or learning. Default: Personal Development.")
    var category: String?
    @Option(
        help: """
            daily, weekly, N/week (1 to 7), weekdays such as mon,wed,fri, every-N-days, monthly, N/month (1 to 31), \
            or days of the month such as day-1,15. Default: daily.
            """)
    var frequency: String?
    @Option(help: "First day, YYYY-MM-DD. Default: today.") var start: String?
    @Option(help: "Last day, YYYY-MM-DD (then it is archived).") var end: String?
    @Option(help: "A challenge of this many days from the start (instead of --end).") var days: Int?
    @Flag(help: "Unfinished tasks roll over to the next day.") var rollover = false
    @Flag(help: "Remind to review the skill when its time frame ends.") var review = false
    @Flag(help: "Print the stored skill as JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let startDay = try start.map { text throws(TallyError) in try LocalDay.parse(text, field: "--start") }
        let endDay = try end.map { text throws(TallyError) in try LocalDay.parse(text, field: "--end") }
        if end != nil && days != nil {
            throw TallyError.invalid(field: "--days", reason: "give --end or --days, not both")
        }
        let scope = try await store.scope()
        let skill = try await scope.skills.add(
            SkillDraft(
                name: name, category: category, frequency: frequency, start: startDay, end: endDay, days: days,
                rollover: rollover, reviewReminder: review))
        let today = try await scope.now().today
        if json { return try Output.json(SkillJSON(skill, today: today)) }
        print("Added \(skill.name): \(skill.frequency.label), \(skill.fields.timeFrameLabel) (\(skill.id))")
    }
}
