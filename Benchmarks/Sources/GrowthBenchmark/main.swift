// What the CLI costs as history grows (issue 51): stores of 1k to 2M records (half bathroom events, half
// water entries, spread over ten years up to now), and for each size the wall time and peak resident memory
// (GNU time's %M, the child's own high-water mark) of a release `tally` doing:
//   import        the backup written here, into an empty store (fills the store)
//   first read    `water stats` right after the import (does it pay for a rebuild of the day totals?)
//   pee history   `pee history --json` (the first one builds the day totals, once per store and day
//                 boundary), again, and `--page 10`; `water stats`
//   export json   `export -o FILE.json` (the backup)
//   export csv    `export --format csv -o FILE.zip` (every tracker's CSV in a zip)
//   water 250     one write
// With TALLY_BASELINE_BINARY (say, `main`'s build), the same commands run with that binary too, on its own
// store imported from the same backup, in the same run, with the ratio of the baseline's time to this
// one's; the two JSON exports must be byte for byte the same, and so must the CSV files in the two zips.
//
//   swift build -c release --static-swift-stdlib
//   swift build -c release --package-path Benchmarks --product growth-benchmark
//   TALLY_BASELINE_BINARY=/path/to/main/tally Benchmarks/.build/release/growth-benchmark
//
// TALLY_BINARY names the build measured (default .build/release/tally); TALLY_GROWTH_SIZES a
// comma-separated list of sizes (default 1000,100000,1000000,2000000); TALLY_GROWTH_MAX stops after the
// sizes up to it; TALLY_GROWTH_KEEP keeps the stores (for profiling). Without a baseline it prints the
// issue's figures at 2M for the exports (CSV 124 s / 1.77 GB, JSON 20 s / 79 MB).
//
// It needs only Foundation (the backup is written here as JSON, in Tally's backup format, version 1), so
// it builds in seconds and never rebuilds Tally.
import Foundation

func say(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

let environment = ProcessInfo.processInfo.environment
let binary = environment["TALLY_BINARY"] ?? ".build/release/tally"
let baseline = environment["TALLY_BASELINE_BINARY"]
for path in [binary] + (baseline.map { [$0] } ?? []) where !FileManager.default.isExecutableFile(atPath: path) {
    fatalError(
        "no tally binary at \(path): run `swift build -c release --static-swift-stdlib` first, or set TALLY_BINARY")
}
guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else {
    fatalError("GNU time (/usr/bin/time) measures each command's peak memory: apt-get install time")
}
let limit = environment["TALLY_GROWTH_MAX"].flatMap { Int($0) } ?? Int.max
let sizes = (environment["TALLY_GROWTH_SIZES"] ?? "1000,100000,1000000,2000000")
    .split(separator: ",").compactMap { Int($0) }.filter { $0 <= limit }
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tally-growth-\(UUID())")
let keep = environment["TALLY_GROWTH_KEEP"] != nil
try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
defer { if !keep { try? FileManager.default.removeItem(at: scratch) } }

// MARK: The backup

/// `2026-11-21T08:10:00.000Z` for milliseconds since 1970 (days to civil dates after Howard Hinnant).
func iso(_ millis: Int64) -> String {
    let days = Int(millis.quotient(dividingBy: 86_400_000))
    let inDay = Int(millis - Int64(days) * 86_400_000)
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let ms = inDay % 1_000
    let milli = ms < 10 ? "00\(ms)" : ms < 100 ? "0\(ms)" : "\(ms)"
    return "\(year)-\(two(month))-\(two(day))T\(two(inDay / 3_600_000)):\(two(inDay / 60_000 % 60)):"
        + "\(two(inDay / 1_000 % 60)).\(milli)Z"
}

extension Int64 {
    func quotient(dividingBy divisor: Int64) -> Int64 {
        let (q, r) = quotientAndRemainder(dividingBy: divisor)
        return r < 0 ? q - 1 : q
    }
}

/// Writes a backup of `count` records over ten years ending a minute ago: even ones bathroom events (a
/// note on every tenth), odd ones glasses of water, as `tally export` writes them (version 1).
@MainActor func writeBackup(_ url: URL, count: Int) throws {
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
        fatalError("cannot write \(url.path)")
    }
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    let end = Int64(Date().timeIntervalSince1970 * 1_000) - 60_000
    let span: Int64 = 10 * 365 * 86_400_000
    let device = UUID().uuidString
    let owner = "00000000-0000-0000-0000-000000000001"
    let zone = "America/New_York"
    var text = ""
    func flush(_ force: Bool = false) throws {
        if force || text.utf8.count > 1 << 20 {
            try handle.write(contentsOf: Data(text.utf8))
            text = ""
        }
    }
    func meta(_ at: Int64) -> String {
        let time = iso(at)
        let millis = String(at)
        let stamp = String(repeating: "0", count: max(0, 16 - millis.count)) + millis + "-00000"
        return "{\"createdAt\":\"\(time)\",\"deviceID\":\"\(device)\",\"id\":\"\(UUID().uuidString)\","
            + "\"isDeleted\":false,\"modifiedAt\":\"\(time)\",\"ownerID\":\"\(owner)\",\"stamp\":\"\(stamp)\"}"
    }
    func at(_ index: Int) -> Int64 { end - span * Int64(count - index) / Int64(count) }
    text += "{\"format\":\"tally-backup\",\"version\":1,\"bathroomEvents\":[\n"
    var first = true
    for index in stride(from: 0, to: count, by: 2) {
        let time = at(index)
        text +=
            (first ? "" : ",\n") + "{\"at\":\"\(iso(time))\",\"leak\":false,\"meta\":\(meta(time)),"
            + (index % 10 == 0 ? "\"note\":\"after coffee\"," : "")
            + "\"timeZoneID\":\"\(zone)\",\"urgency\":\(index % 5)}"
        first = false
        try flush()
    }
    text += "],\"waterEntries\":[\n"
    first = true
    for index in stride(from: 1, to: count, by: 2) {
        let time = at(index)
        text +=
            (first ? "" : ",\n") + "{\"amountML\":\(50 + index % 9 * 25),\"at\":\"\(iso(time))\","
            + "\"meta\":\(meta(time)),\"source\":\"cli\",\"timeZoneID\":\"\(zone)\"}"
        first = false
        try flush()
    }
    text += "]}\n"
    try flush(true)
}

// MARK: Measuring

struct Measure {
    let seconds: Double
    let peakMB: Double
}

/// Runs `tally arguments` with `tally` on the store in `directory` under GNU time, output thrown away.
@MainActor func run(_ tally: String, _ arguments: [String], in directory: URL) throws -> Measure {
    let report = scratch.appendingPathComponent("time-\(UUID())")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
    process.arguments = ["-f", "%e %M", "-o", report.path, tally] + arguments
    process.environment = environment.merging(["TALLY_DATA_DIR": directory.path]) { $1 }
    process.standardOutput = FileHandle.nullDevice
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { fatalError("\(tally) \(arguments) failed: \(complaint)") }
    let fields = try String(contentsOf: report, encoding: .utf8).split(whereSeparator: \.isWhitespace)
    guard fields.count >= 2, let seconds = Double(fields[fields.count - 2]), let kilobytes = Double(fields.last!)
    else { fatalError("unreadable time report") }
    return Measure(seconds: seconds, peakMB: kilobytes / 1024)
}

/// The commands, in the order they run on one store: their arguments from the size's folder (which holds
/// the backup) and the build's own folder (where its exports go).
let commands: [(label: String, arguments: (URL, URL) -> [String])] = [
    ("import (fills the store)", { folder, _ in ["import", folder.appendingPathComponent("backup.json").path] }),
    ("first read: water stats", { _, _ in ["water", "stats", "--json"] }),
    ("pee history (first)", { _, _ in ["pee", "history", "--json"] }),
    ("pee history", { _, _ in ["pee", "history", "--json"] }),
    ("pee history --page 10", { _, _ in ["pee", "history", "--page", "10", "--json"] }),
    ("water stats", { _, _ in ["water", "stats", "--json"] }),
    ("export json", { _, own in ["export", "-o", own.appendingPathComponent("export.json").path] }),
    (
        "export csv (zip)",
        { _, own in ["export", "--format", "csv", "-o", own.appendingPathComponent("export.zip").path] }
    ),
    ("water 250", { _, _ in ["water", "250"] }),
]

/// Runs every command with `tally` on a fresh store in `folder` (the backup is beside it).
@MainActor func measureAll(_ tally: String, folder: URL, output: URL) throws -> [Measure] {
    let store = output.appendingPathComponent("store")
    try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
    return try commands.map { try run(tally, $0.arguments(folder, output), in: store) }
}

func cell(_ measure: Measure) -> String {
    let time =
        measure.seconds < 1
        ? String(format: "%.0f ms", measure.seconds * 1000) : String(format: "%.2f s", measure.seconds)
    return String(format: "%@, %.0f MB", time, measure.peakMB)
}

func pad(_ text: String, _ width: Int) -> String {
    text.padding(toLength: max(width, text.count), withPad: " ", startingAt: 0)
}

/// The CSV files of a zip, by name (unzip -p), to compare two exports' contents.
func csvFiles(_ zip: URL) -> [String: Data] {
    var files: [String: Data] = [:]
    for name in ["water.csv", "bathroom.csv", "skills.csv", "skill-completions.csv", "journal.csv"] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["unzip", "-p", zip.path, name]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return [:] }
        files[name] = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if process.terminationStatus != 0 { files[name] = nil }
    }
    return files
}

say("tally: \(binary)" + (baseline.map { "; baseline: \($0)" } ?? ""))
for size in sizes {
    let folder = scratch.appendingPathComponent("size-\(size)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try writeBackup(folder.appendingPathComponent("backup.json"), count: size)
    let mine = folder.appendingPathComponent("this")
    let measured = try measureAll(binary, folder: folder, output: mine)
    var before: [Measure]?
    let theirs = folder.appendingPathComponent("baseline")
    if let baseline { before = try measureAll(baseline, folder: folder, output: theirs) }
    say("")
    say("\(size) records" + (before == nil ? "" : " (this build | baseline | baseline's time / this one's)"))
    for (index, command) in commands.enumerated() {
        var line = "  " + pad(command.label, 26) + pad(cell(measured[index]), 18)
        if let before {
            line += pad(cell(before[index]), 18)
            line += String(format: "%.2fx", before[index].seconds / max(measured[index].seconds, 0.001))
        }
        say(line)
    }
    if before != nil {
        let same = FileManager.default.contentsEqual(
            atPath: mine.appendingPathComponent("export.json").path,
            andPath: theirs.appendingPathComponent("export.json").path)
        let csvMine = csvFiles(mine.appendingPathComponent("export.zip"))
        let csvTheirs = csvFiles(theirs.appendingPathComponent("export.zip"))
        say("  JSON exports byte for byte the same: \(same ? "yes" : "NO")")
        say(
            "  CSV files in the zips the same: "
                + (csvMine.isEmpty ? "not compared (no unzip)" : csvMine == csvTheirs ? "yes" : "NO"))
    } else if size == 2_000_000 {
        say("  the issue's baseline at 2M: export csv 124 s, 1.77 GB; export json 20 s, 79 MB")
    }
    if keep {
        say("  kept in \(folder.path)")
    } else {
        try? FileManager.default.removeItem(at: folder)
    }
}
