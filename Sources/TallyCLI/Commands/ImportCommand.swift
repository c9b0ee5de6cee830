import ArgumentParser
import Foundation
import TallyCore

struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Merge a backup made by `tally export`; importing the same file twice changes nothing.")

    @Argument(help: "The backup file, or - for standard input.") var file: String
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let data: Data
        if file == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let contents = FileManager.default.contents(atPath: file) else {
                throw TallyError.unreadable("cannot read \(file)")
            }
            data = contents
        }
        let result = try await store.scope().backup.importJSON(data)
        print("Imported: \(result.inserted) new, \(result.updated) updated, \(result.unchanged) unchanged")
    }
}
