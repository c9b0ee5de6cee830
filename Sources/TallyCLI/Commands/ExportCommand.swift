import ArgumentParser
import Foundation
import TallyCore

struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write your records out: a lossless JSON backup (the default), CSV files, or an iCalendar file.",
        discussion: """
            --format json writes the backup `tally import` reads back; with --with-photos it is a zip (give \
            --output FILE.zip) holding that backup and every photo, which `tally import` reads back whole. \
            --format csv writes one tracker's CSV \
            (--tracker water, bathroom, skills, skill-completions or journal), or all of them as a zip \
            (with --output FILE.zip). --format ics writes your events, reminders and trackers as iCalendar.
            """)

    @Option(help: "json (a backup, the default), csv or ics.") var format = "json"
    @Option(help: "With --format csv: water, bathroom, skills, skill-completions or journal.") var tracker: String?
    @Option(name: [.short, .long], help: "Write to this file instead.") var output: String?
    @Flag(help: "A backup that carries your photos: a zip of the JSON backup and the images (needs --output).")
    var withPhotos = false
    @Option(help: "Export this account of a server's store (default: the first account, or this device's).")
    var user: String?
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let table = try tracker.map { (name) throws(TallyError) in try ExportTable.named(name) }
        if table != nil, format != "csv" {
            throw TallyError.invalid(field: "--tracker", reason: "goes with --format csv")
        }
        if withPhotos, format != "json" {
            throw TallyError.invalid(field: "--with-photos", reason: "goes with the backup (--format json)")
        }
        let scope = try await store.scope(user: user)
        if output == nil { BrokenPipe.endQuietlyOnClosedOutput() }
        switch format {
        case "json" where withPhotos:
            guard output != nil else {
                throw TallyError.invalid(
                    field: "--output", reason: "a backup with photos is a zip file: give --output FILE.zip")
            }
            try await writing { handle in
                _ = try await scope.backup.exportWithPhotos { try handle.write(contentsOf: $0) }
            }
        case "json":
            // Written as it is read, so a backup of any size needs little memory.
            try await writing { handle in
                try await scope.backup.export { try handle.write(contentsOf: $0) }
                try handle.write(contentsOf: Data("\n".utf8))
            }
        case "ics":
            try write(Data(try await scope.exports.calendar().text.utf8))
        case "csv":
            // Written as it is read, a piece at a time, so an export of any size needs little memory.
            if let table {
                try await writing { handle in try await scope.exports.csv(table) { try handle.write(contentsOf: $0) } }
            } else {
                guard output != nil else {
                    throw TallyError.invalid(
                        field: "--output",
                        reason: "every tracker's CSV goes into a zip file: give --output FILE.zip, or --tracker NAME")
                }
                try await writing { handle in try await scope.exports.csvArchive { try handle.write(contentsOf: $0) } }
            }
        default:
            throw TallyError.invalid(
                field: "--format", reason: "'\(format)' is not an export format: use json, csv or ics")
        }
    }

    /// Calls `body` with the output: standard output, or a file beside `--output` that replaces it once
    /// complete (an export that fails leaves any earlier file as it was).
    private func writing(_ body: (FileHandle) async throws -> Void) async throws {
        guard let output else { return try await body(FileHandle.standardOutput) }
        let target = URL(fileURLWithPath: output)
        let partial = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).\(UUID().text).partial")
        guard FileManager.default.createFile(atPath: partial.path, contents: nil),
            let handle = FileHandle(forWritingAtPath: partial.path)
        else { throw TallyError.unreadable("cannot write \(output)") }
        do {
            try await body(handle)
            try handle.synchronize()
            try handle.close()
            guard rename(partial.path, target.path) == 0 else { throw TallyError.unreadable("cannot write \(output)") }
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(at: partial)
            throw error
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
