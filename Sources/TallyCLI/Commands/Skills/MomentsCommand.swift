import ArgumentParser
import Foundation
import TallyCore
import TallyServices

/// `tally moments`: memorable moments. With no subcommand it lists them.
struct MomentsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "moments", abstract: "Memorable moments: achievements, milestones, breakthroughs, personal notes.",
        subcommands: [MomentsListCommand.self, MomentsAddCommand.self, MomentsDeleteCommand.self],
        defaultSubcommand: MomentsListCommand.self)
}

struct MomentsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Moments, newest first (the default).")

    @Option(help: "From this day, YYYY-MM-DD.") var from: String?
    @Option(help: "To this day, YYYY-MM-DD.") var to: String?
    @Option(help: "achievement, milestone, breakthrough or personal.") var category: String?
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let filter = MomentFilter(
            from: try from.map { text throws(TallyError) in try LocalDay.parse(text, field: "--from") },
            to: try to.map { text throws(TallyError) in try LocalDay.parse(text, field: "--to") },
            category: try category.map { text throws(TallyError) in try MomentCategory.parse(text, field: "--category")
            })
        let moments = try await store.scope().moments.list(filter)
        if json { return try Output.json(moments.map(MomentJSON.init)) }
        if moments.isEmpty { print("No moments yet.") }
        for moment in moments { print("\(moment.day)  \(moment.category.name): \(moment.title)  (\(moment.id))") }
    }
}

struct MomentsAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Record a moment.")

    @Argument(help: "A title.") var title: String
    @Option(help: "achievement, milestone, breakthrough or personal.") var category: String = "achievement"
    @Option(help: "What happened.") var description: String?
    @Option(help: "The day, YYYY-MM-DD. Default: today.") var date: String?
    @Option(help: "The skill it is about (name or id).") var skill: String?
    @Flag(help: "Print the stored moment as JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let category = try MomentCategory.parse(category, field: "--category")
        let day = try date.map { text throws(TallyError) in try LocalDay.parse(text, field: "--date") }
        let scope = try await store.scope()
        let moment = try await scope.moments.add(
            MomentDraft(title: title, details: description, day: day, category: category, skill: skill))
        if json { return try Output.json(MomentJSON(moment)) }
        print("Recorded \(moment.category.name.lowercased()) on \(moment.day): \(moment.title) (\(moment.id))")
    }
}

struct MomentsDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a moment.")

    @Argument(help: "The moment's title or id.") var moment: String
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let moments = try await store.scope().moments
        try await moments.delete(id: try await moments.find(moment).id)
        print("Deleted")
    }
}
