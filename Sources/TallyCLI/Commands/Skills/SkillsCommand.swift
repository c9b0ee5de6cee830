import ArgumentParser

/// `tally skills`: the skill and habit tracker. With no subcommand it shows a day's tasks.
struct SkillsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "skills",
        abstract: "Track skills and habits: a day's tasks, adding, completing and progress.",
        subcommands: [
            SkillsDayCommand.self, SkillsAddCommand.self, SkillsDoneCommand.self, SkillsProgressCommand.self,
            SkillsListCommand.self, SkillsArchiveCommand.self, SkillsDeleteCommand.self, SkillsRuleCommand.self,
        ],
        defaultSubcommand: SkillsDayCommand.self)
}
