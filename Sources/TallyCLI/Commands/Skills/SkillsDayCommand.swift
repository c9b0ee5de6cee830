import ArgumentParser
import TallyCore

struct SkillsDayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "day", abstract: "A day's tasks: skills due by frequency and rolled-over ones (the default).")

    @Option(help: "The day, YYYY-MM-DD. Default: today.") var date: String?
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let day = try date.map { text throws(TallyError) in try LocalDay.parse(text, field: "--date") }
        let scope = try await store.scope()
        let home = try await scope.skills.home(day: day)
        let tasks = home.tasks
        if json {
            return try Output.json(
                SkillsDayJSON(
                    day: home.selected.description,
                    tasks: tasks.map { SkillTaskJSON($0, ruleDetail: home.ruleNotes[$0.skill.id]) },
                    done: tasks.filter { $0.level == .full }.count, partial: tasks.filter { $0.level == .partial }.count
                ))
        }
        print("\(home.greeting.title). \(home.greeting.message)")
        print("Tasks for \(home.selected):")
        if tasks.isEmpty { print("  nothing due") }
        for group in home.groups {
            print("  \(group.category.name)")
            for task in group.tasks {
                print("    \(SkillsText.line(task, ruleDetail: home.ruleNotes[task.skill.id]))")
            }
        }
    }
}

/// Skills as text lines.
enum SkillsText {
    /// `[x] Piano  ↪ from 2026-11-16`.
    static func line(_ task: SkillTask, ruleDetail: String? = nil) -> String {
        let box =
            switch task.level {
            case .none: "[ ]"
            case .partial: "[~]"
            case .full: "[x]"
            }
        var text = "\(box) \(task.skill.name)"
        if let from = task.carriedFrom { text += "  ↪ rolled over from \(from)" }
        if let ruleDetail, task.level != .none { text += "  (by rule: \(ruleDetail))" }
        return text
    }
}
