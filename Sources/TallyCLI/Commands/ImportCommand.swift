import ArgumentParser
import Foundation
import TallyCore
import TallyServices

struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Bring history in: a Tally backup, or an Apple Health export (export.zip or export.xml).",
        discussion: """
            The format is told by the file's content. Importing the same file again changes nothing; a bad \
            file is refused whole, naming the line that is wrong. Health's glasses of water that match an \
            entry already here (within 2 minutes, same amount) are skipped as duplicates.
            """)

    @Argument(help: "The file to import, or - for a Tally backup on standard input.") var file: String
    @Option(help: "Read the file as this format: tally or apple-health.") var format: String?
    @Flag(help: "Report what would be added and skipped, and store nothing.") var dryRun = false
    @Flag(help: "Print the report as JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let forced = try format.map { (name) throws(TallyError) in try ImportFormat.named(name) }
        let scope = try await store.scope()
        let report: ImportReport
        if file == "-" {
            let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("tally-import-\(UUID())")
            defer { try? FileManager.default.removeItem(at: temporary) }
            try FileHandle.standardInput.readDataToEndOfFile().write(to: temporary)
            report = try await scope.imports.run(temporary, format: forced ?? .tally, dryRun: dryRun)
        } else {
            report = try await scope.imports.run(URL(fileURLWithPath: file), format: forced, dryRun: dryRun)
        }
        if json { return try Output.json(report) }
        print(report.summary)
    }
}
