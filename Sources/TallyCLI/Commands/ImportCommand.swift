import ArgumentParser
import Foundation
import TallyCore
import TallyServices

struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract:
            "Bring history in: a Tally backup, Apple Health, Loop Habit Tracker, Table Habit, Beaver or Daylio.",
        discussion: """
            The format is told by the file's content. Importing the same file again changes nothing; a bad \
            file is refused whole, naming the line that is wrong. Health's glasses of water that match an \
            entry already here (within 2 minutes, same amount) are skipped as duplicates. Habits become \
            skills (joining a skill of the same name), their days completions and their notes moments; \
            Daylio's entries become journal days.
            """)

    @Argument(help: "The file to import, or - for a Tally backup on standard input.") var file: String
    @Option(help: "Read the file as this format: tally, apple-health, loop, table-habit, beaver or daylio.")
    var format: String?
    @Option(help: "A Daylio mood you renamed or added, and its rating: --mood 'sleepy=2' (1 awful to 5 rad).")
    var mood: [String] = []
    @Option(help: "Import into this account of a server's store (a backup of another account needs it).")
    var user: String?
    @Flag(help: "Report what would be added and skipped, and store nothing.") var dryRun = false
    @Flag(help: "Print the report as JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let forced = try format.map { (name) throws(TallyError) in try ImportFormat.named(name) }
        var moods: [String: Int] = [:]
        for text in mood {
            let (name, rating) = try DaylioMoods.mapping(text)
            moods[name] = rating
        }
        let scope = try await store.scope(user: user)
        // A backup of another account goes into one only when it is named (or when the store is one person's).
        let adopting = try await user != nil ? true : !store.hasAccounts()
        let report: ImportReport
        if file == "-" {
            let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("tally-import-\(UUID())")
            defer { try? FileManager.default.removeItem(at: temporary) }
            try FileHandle.standardInput.readDataToEndOfFile().write(to: temporary)
            report = try await scope.imports.run(
                temporary, format: forced ?? .tally, dryRun: dryRun, moods: moods, adoptingOwners: adopting)
        } else {
            report = try await scope.imports.run(
                URL(fileURLWithPath: file), format: forced, dryRun: dryRun, moods: moods, adoptingOwners: adopting)
        }
        if json { return try Output.json(report) }
        print(report.summary)
    }
}
