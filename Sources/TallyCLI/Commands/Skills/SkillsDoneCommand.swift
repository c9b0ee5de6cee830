import ArgumentParser
import TallyCore

struct SkillsDoneCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "done", abstract: "Mark a skill's task done in full, in part, or not at all.")

    @Argument(help: "The skill's name or id.") var skill: String
    @Flag(help: "Done in part.") var partial = false
    @Flag(help: "Clear it: not done.") var none = false
    @Option(help: "The day, YYYY-MM-DD. Default: today.") var date: String?
    @OptionGroup var store: StoreOptions

    func run() async throws {
        if partial && none {
            throw TallyError.invalid(field: "--partial", reason: "give --partial or --none, not both")
        }
        let day = try date.map { text throws(TallyError) in try LocalDay.parse(text, field: "--date") }
        let scope = try await store.scope()
        let found = try await scope.skills.find(skill)
        let level: CompletionLevel = partial ? .partial : none ? .none : .full
        let completion = try await scope.skills.complete(id: found.id, level: level, day: day)
        print("\(found.name) on \(completion.day): \(level.rawValue)")
    }
}

struct SkillsArchiveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "archive", abstract: "Archive a skill from today on (or bring it back with --restore).")

    @Argument(help: "The skill's name or id.") var skill: String
    @Flag(help: "Bring an archived skill back.") var restore = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let scope = try await store.scope()
        let found = try await scope.skills.find(skill)
        _ = try await scope.skills.setArchived(id: found.id, !restore)
        print(restore ? "Restored \(found.name)" : "Archived \(found.name)")
    }
}

struct SkillsDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a skill.")

    @Argument(help: "The skill's name or id.") var skill: String
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let scope = try await store.scope()
        let found = try await scope.skills.find(skill)
        try await scope.skills.delete(id: found.id)
        print("Deleted \(found.name)")
    }
}
