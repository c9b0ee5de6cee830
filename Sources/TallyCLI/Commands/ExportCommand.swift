import ArgumentParser
import Foundation
import TallyCore

struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write your records out: a lossless JSON backup (the default), CSV files, or an iCalendar file.",
        discussion: """
            --format json writes the backup `tally import` reads back. --format csv writes one tracker's CSV \
            (--tracker water, bathroom, skills, skill-completions or journal), or all of them as a zip \
            (with --output FILE.zip). --format ics writes your events, reminders and trackers as iCalendar.
            """)

    @Option(help: "json (a backup, the default), csv or ics.") var format = "json"
    @Option(help: "With --format csv: water, bathroom, skills, skill-completions or journal.") var tracker: String?
    @Option(name: [.short, .long], help: "Write to this file instead.") var output: String?
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let table = try tracker.map { (name) throws(TallyError) in try ExportTable.named(name) }
        if table != nil, format != "csv" {
            throw TallyError.invalid(field: "--tracker", reason: "goes with --format csv")
        }
        let scope = try await store.scope()
        switch format {
        case "json":
            var data = try await scope.backup.exportJSON()
            data.append(Data("\n".utf8))
            try write(data)
        case "ics":
            try write(Data(try await scope.exports.calendar().text.utf8))
        case "csv":
            if let table {
                let stream = output.map { OutputStream(toFileAtPath: $0, append: false) } ?? OutputStream.toMemory()
                guard let stream else { throw TallyError.unreadable("cannot write \(output ?? "")") }
                stream.open()
                try await scope.exports.csv(table, to: stream)
                if output == nil, let data = stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data {
                    FileHandle.standardOutput.write(data)
                }
            } else {
                guard let output else {
                    throw TallyError.invalid(
                        field: "--output",
                        reason: "every tracker's CSV goes into a zip file: give --output FILE.zip, or --tracker NAME")
                }
                try await scope.exports.csvArchive(to: URL(fileURLWithPath: output))
            }
        default:
            throw TallyError.invalid(
                field: "--format", reason: "'\(format)' is not an export format: use json, csv or ics")
        }
    }

    private func write(_ data: Data) throws {
        if let output {
            try data.write(to: URL(fileURLWithPath: output), options: .atomic)
        } else {
            FileHandle.standardOutput.write(data)
        }
    }
}
