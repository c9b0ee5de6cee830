// What the CLI costs as history grows: stores of 1k, 10k, 100k and 1M entries (half bathroom events, half
// water entries, spread over ten years up to now), and for each the wall time and peak resident memory
// (GNU time's %M) of a release `tally` doing `pee history`, `water stats`, `water 250`, `export` and
// `import` (of that export, into an empty store). The first `pee history` builds the store's day totals
// (once per store and day boundary); it is timed on its own and the reads after it again.
//
//   swift build -c release --static-swift-stdlib
//   swift run -c release --package-path Benchmarks growth-benchmark
//
// TALLY_BINARY names another tally binary; TALLY_GROWTH_SIZES a comma-separated list of sizes.
import Foundation
import TallyCore
import TallySQLite
import TallyServices

func say(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

let binary = ProcessInfo.processInfo.environment["TALLY_BINARY"] ?? ".build/release/tally"
guard FileManager.default.isExecutableFile(atPath: binary) else {
    fatalError(
        "no tally binary at \(binary): run `swift build -c release --static-swift-stdlib` first, or set TALLY_BINARY")
}
let sizes = (ProcessInfo.processInfo.environment["TALLY_GROWTH_SIZES"] ?? "1000,10000,100000,1000000")
    .split(separator: ",").compactMap { Int($0) }
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tally-growth-\(UUID())")
/// Set to keep the stores (for profiling) instead of removing each after its row.
let keep = ProcessInfo.processInfo.environment["TALLY_GROWTH_KEEP"] != nil
try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
defer { if !keep { try? FileManager.default.removeItem(at: scratch) } }
let zone = TimeZone(identifier: "America/New_York")!

struct NowClock: WallClock {
    func now() -> Date { Date() }
}

/// Fills a new store in `directory` with `count` entries over ten years ending now, in batches of 10,000.
func fill(_ directory: URL, count: Int) async throws {
    let store = try SQLiteStore(directory: directory)
    let scope = UserScope(store: store, clock: NowClock(), machineZone: zone)
    _ = try await scope.settings.update([.timeZone: zone.identifier])
    let device = UUID()
    let end = Date().addingTimeInterval(-60)
    let step = 10 * 365 * 86_400.0 / Double(count)
    var batch: [AnyRecord] = []
    for index in 0..<count {
        let at = end.addingTimeInterval(-step * Double(count - index))
        let meta = RecordMeta(
            id: UUID(), ownerID: LocalUser.id, createdAt: at, modifiedAt: at, deviceID: device,
            stamp: HLCStamp(millis: at.millisecondsSince1970, counter: 0))
        if index % 2 == 0 {
            batch.append(
                AnyRecord(
                    BathroomEvent(
                        meta: meta,
                        fields: BathroomEventFields(
                            at: at, timeZoneID: zone.identifier, note: index % 10 == 0 ? "after coffee" : nil,
                            volumeML: nil, urgency: index % 5, leak: false))))
        } else {
            batch.append(
                AnyRecord(
                    WaterEntry(
                        meta: meta,
                        fields: WaterEntryFields(
                            at: at, timeZoneID: zone.identifier, amountML: Double(50 + index % 9 * 25)),
                        source: .cli)))
        }
        if batch.count == 10_000 || index == count - 1 {
            _ = try await store.merge(batch, now: Date())
            batch.removeAll(keepingCapacity: true)
        }
    }
}

struct Measure {
    let seconds: Double
    let peakMB: Double
}

/// Runs `tally arguments` on the store in `directory` under GNU time, output thrown away.
func tally(_ arguments: [String], in directory: URL) throws -> Measure {
    let report = scratch.appendingPathComponent("time-\(UUID())")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
    process.arguments = ["-f", "%e %M", "-o", report.path, binary] + arguments
    process.environment = ProcessInfo.processInfo.environment.merging(["TALLY_DATA_DIR": directory.path]) { $1 }
    process.standardOutput = FileHandle.nullDevice
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { fatalError("tally \(arguments) failed: \(complaint)") }
    let fields = try String(contentsOf: report, encoding: .utf8).split(whereSeparator: \.isWhitespace)
    guard fields.count >= 2, let seconds = Double(fields[fields.count - 2]), let kilobytes = Double(fields.last!)
    else { fatalError("unreadable time report") }
    return Measure(seconds: seconds, peakMB: kilobytes / 1024)
}

func cell(_ measure: Measure) -> String {
    let time = measure.seconds < 1 ? String(format: "%.0f ms", measure.seconds * 1000) : String(format: "%.2f s", measure.seconds)
    return String(format: "%@, %.0f MB", time, measure.peakMB)
}

say("entries   | pee history, first (builds totals) | pee history | pee history --page 10 | water stats | water 250 | export | import")
for size in sizes {
    let directory = scratch.appendingPathComponent("store-\(size)")
    try await fill(directory, count: size)
    let first = try tally(["pee", "history", "--json"], in: directory)
    let history = try tally(["pee", "history", "--json"], in: directory)
    let tenth = try tally(["pee", "history", "--page", "10", "--json"], in: directory)
    let stats = try tally(["water", "stats", "--json"], in: directory)
    let log = try tally(["water", "250"], in: directory)
    let file = scratch.appendingPathComponent("export-\(size).json")
    let export = try tally(["export", "-o", file.path], in: directory)
    let target = scratch.appendingPathComponent("import-\(size)")
    let imported = try tally(["import", file.path], in: target)
    say(
        "\(size) | \(cell(first)) | \(cell(history)) | \(cell(tenth)) | \(cell(stats)) | \(cell(log)) | "
            + "\(cell(export)) | \(cell(imported))")
    if keep {
        say("kept in \(scratch.path)")
        continue
    }
    try? FileManager.default.removeItem(at: directory)
    try? FileManager.default.removeItem(at: target)
    try? FileManager.default.removeItem(at: file)
}
