import ArgumentParser
import Foundation

struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write a lossless JSON backup of all your records to standard output.")

    @Option(name: [.short, .long], help: "Write to this file instead.") var output: String?
    @OptionGroup var store: StoreOptions

    func run() async throws {
        var data = try await store.scope().backup.exportJSON()
        data.append(Data("\n".utf8))
        if let output {
            try data.write(to: URL(fileURLWithPath: output), options: .atomic)
        } else {
            FileHandle.standardOutput.write(data)
        }
    }
}
