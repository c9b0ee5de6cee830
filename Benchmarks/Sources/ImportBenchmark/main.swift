import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import GRDB
import TallyCore
import TallySQLite
import TallyServices

// Imports measured (issue 19), release build:
//   swift run -c release --package-path Benchmarks import-benchmark [--megabytes 1024] [--skip-health] [--skip-loop]
//
// Apple Health: a generated export.xml of about 1 GB (about 4 million records, 5% of them water), read
// side by side with the floor (the file read in 1 MB pieces) and Foundation's streaming XMLParser (libxml2)
// counting the water records; then Tally's dry run and import into a fresh store. Each phase prints MB/s
// and its own peak resident memory (the high-water mark is reset between phases). Goal: at least 50 MB/s,
// under 100 MB whatever the size.
// Loop Habit Tracker: a backup of 50 habits x 5 years of days, imported into a fresh store, then again
// (changing nothing). Goal: under 2 s.

/// Prints a line at once (not buffered), so a long run shows where it is.
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

let arguments = CommandLine.arguments
let megabytes = arguments.firstIndex(of: "--megabytes").flatMap { Int(arguments[$0 + 1]) } ?? 1024
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-import-bench-\(UUID())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let clock = FixedClock(Date())
let zone = TimeZone(identifier: "America/New_York")!

func freshScope(_ name: String) throws -> UserScope {
    let store = try SQLiteStore(directory: folder.appendingPathComponent(name))
    return UserScope(store: store, clock: clock, machineZone: zone)
}

/// A figure of /proc/self/status in MB: VmHWM (resident memory's high-water mark since the last reset),
/// RssAnon (the heap and stacks) or RssFile (mapped files: SQLite's memory-mapped database).
func statusMB(_ name: String) -> Double {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") } ?? ""
    return (Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
}

/// Starts a new high-water mark from the memory resident now.
func resetPeak() {
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
}

func measure<T>(_ label: String, bytes: Int, _ body: () async throws -> T) async rethrows -> (T, Double) {
    resetPeak()
    let start = ContinuousClock.now
    let result = try await body()
    let elapsed = ContinuousClock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let rate = Double(bytes) / 1_048_576 / seconds
    let padded = label.padding(toLength: 38, withPad: " ", startingAt: 0)
    say(
        "  " + padded
            + String(
                format: "%8.2f s  %7.1f MB/s  peak %6.1f MB (after: heap %5.1f, mapped files %5.1f)", seconds, rate,
                statusMB("VmHWM"), statusMB("RssAnon"), statusMB("RssFile")))
    return (result, rate)
}

// MARK: Apple Health

/// Writes an export.xml of about `megabytes` MB: steps, heart rate and energy records, with every
/// twentieth a glass of water (some with an HKTimeZone metadata entry), over the years before now.
/// Health's own DTD is left out: Foundation's XMLParser crashes on Linux on its `#REQUIRED` attribute
/// declarations (a NULL default value handed to strlen), and the baseline has to read the same file.
func writeHealthExport(to url: URL, megabytes: Int) throws -> (bytes: Int, records: Int, water: Int) {
    FileManager.default.createFile(atPath: url.path, contents: nil)
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    var buffer = """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_US">
         <ExportDate value="2026-11-20 09:00:00 -0800"/>

        """
    let target = megabytes * 1_048_576
    var written = 0
    var records = 0
    var water = 0
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
    formatter.timeZone = TimeZone(identifier: "America/Los_Angeles")
    let start = Date(timeIntervalSince1970: 1_420_070_400)  // 2015-01-01
    let others = [
        ("HKQuantityTypeIdentifierStepCount", "count", "iPhone"),
        ("HKQuantityTypeIdentifierHeartRate", "count/min", "Apple Watch"),
        ("HKQuantityTypeIdentifierActiveEnergyBurned", "Cal", "Apple Watch"),
    ]
    while written + buffer.utf8.count < target {
        let at = start.addingTimeInterval(Double(records) * 97)
        let date = formatter.string(from: at)
        if records % 20 == 7 {
            let amount = [250, 330, 500, 175, 200][water % 5]
            if water % 3 == 0 {
                buffer += """
                     <Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="WaterMinder" sourceVersion="5.2" \
                    unit="mL" creationDate="\(date)" startDate="\(date)" endDate="\(date)" value="\(amount)">
                      <MetadataEntry key="HKTimeZone" value="America/Los_Angeles"/>
                     </Record>

                    """
            } else {
                buffer += """
                     <Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="Health" sourceVersion="17.1" \
                    unit="mL" creationDate="\(date)" startDate="\(date)" endDate="\(date)" value="\(amount)"/>

                    """
            }
            water += 1
        } else {
            let (type, unit, source) = others[records % 3]
            buffer += """
                 <Record type="\(type)" sourceName="\(source)" sourceVersion="10.1" \
                device="&lt;&lt;HKDevice: 0x283a6d540&gt;, name:Apple Watch, manufacturer:Apple Inc.&gt;" \
                unit="\(unit)" creationDate="\(date)" startDate="\(date)" endDate="\(date)" value="\(records % 180)"/>

                """
        }
        records += 1
        if buffer.utf8.count > 1 << 20 {
            written += buffer.utf8.count
            try handle.write(contentsOf: Data(buffer.utf8))
            buffer = ""
        }
    }
    buffer += "</HealthData>\n"
    written += buffer.utf8.count
    try handle.write(contentsOf: Data(buffer.utf8))
    return (written, records, water)
}

/// Foundation's SAX parser (libxml2 underneath) counting the water records: the baseline parse.
final class WaterCounter: NSObject, XMLParserDelegate {
    var count = 0
    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if name == "Record", attributes["type"] == "HKQuantityTypeIdentifierDietaryWater" { count += 1 }
    }
}

if !arguments.contains("--skip-health") {
    let xml = folder.appendingPathComponent("export.xml")
    say("Apple Health export.xml, generating \(megabytes) MB...")
    let (bytes, records, water) = try writeHealthExport(to: xml, megabytes: megabytes)
    say("  \(bytes / 1_048_576) MB, \(records) records, \(water) of them water")
    let (_, floor) = try await measure("read in 1 MB pieces (floor)", bytes: bytes) {
        let handle = try FileHandle(forReadingFrom: xml)
        var total = 0
        while let data = try handle.read(upToCount: 1 << 20), !data.isEmpty { total += data.count }
        return total
    }
    let (counted, xmlParser) = await measure("Foundation XMLParser (stream)", bytes: bytes) {
        let counter = WaterCounter()
        let parser = XMLParser(stream: InputStream(url: xml)!)
        parser.delegate = counter
        _ = parser.parse()
        return counter.count
    }
    let scope = try freshScope("health")
    let (preview, dry) = try await measure("Tally dry run", bytes: bytes) {
        try await scope.imports.run(xml, dryRun: true)
    }
    let (report, imported) = try await measure("Tally import (fresh store)", bytes: bytes) {
        try await scope.imports.run(xml)
    }
    let (again, _) = try await measure("Tally import again (changes nothing)", bytes: bytes) {
        try await scope.imports.run(xml)
    }
    say("  water records: XMLParser \(counted), dry run would add \(preview.added), import added \(report.added)")
    say("  again: added \(again.added), already here \(again.unchanged)")
    say(
        String(
            format: "  ratios: import / floor %.2f, import / XMLParser %.2f, dry run / XMLParser %.2f",
            imported / floor, imported / xmlParser, dry / xmlParser))
    try? FileManager.default.removeItem(at: xml)
}

// MARK: Loop Habit Tracker

/// A Loop backup (schema 25) of `habits` habits, each with `days` days: yes most days, some skipped,
/// every fourth habit measured (value x1000), a note every tenth day.
func writeLoopBackup(to url: URL, habits: Int, days: Int) throws -> Int {
    let queue = try DatabaseQueue(path: url.path)
    var repetitions = 0
    try queue.write { db in
        try db.execute(
            sql: """
                CREATE TABLE Habits (id INTEGER PRIMARY KEY AUTOINCREMENT, archived INTEGER, color INTEGER,
                  description TEXT, freq_den INTEGER, freq_num INTEGER, highlight INTEGER, name TEXT,
                  position INTEGER, reminder_hour INTEGER, reminder_min INTEGER, reminder_days INTEGER NOT NULL
                  DEFAULT 127, type INTEGER NOT NULL DEFAULT 0, target_type INTEGER NOT NULL DEFAULT 0,
                  target_value REAL NOT NULL DEFAULT 0, unit TEXT NOT NULL DEFAULT "", question TEXT, uuid TEXT);
                CREATE TABLE Repetitions (id INTEGER PRIMARY KEY AUTOINCREMENT, habit INTEGER NOT NULL
                  REFERENCES Habits(id), timestamp INTEGER NOT NULL, value INTEGER NOT NULL, notes TEXT);
                CREATE UNIQUE INDEX idx_repetitions_habit_timestamp ON Repetitions (habit, timestamp);
                PRAGMA user_version = 25;
                """)
        let firstDay = Int64(Date().timeIntervalSince1970 / 86_400) - Int64(days)
        for habit in 1...habits {
            let measured = habit % 4 == 0
            try db.execute(
                sql: """
                    INSERT INTO Habits (id, archived, color, description, freq_den, freq_num, highlight, name,
                      position, type, target_type, target_value, unit, question, uuid)
                    VALUES (?, 0, ?, '', ?, ?, 0, ?, ?, ?, 0, ?, ?, ?, ?)
                    """,
                arguments: [
                    habit, habit % 20, habit % 3 == 0 ? 7 : 1, habit % 3 == 0 ? 3 : 1, "Habit \(habit)", habit,
                    measured ? 1 : 0, measured ? 5.0 : 0.0, measured ? "km" : "", "Did you do habit \(habit)?",
                    UUID().uuidString,
                ])
            let insert = try db.makeStatement(
                sql: "INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES (?, ?, ?, ?)")
            for day in 0..<days where (day + habit) % 7 != 3 {
                let value = measured ? 1_000 * (1 + (day % 7)) : ((day % 11 == 0) ? 3 : 2)
                try insert.execute(arguments: [
                    habit, (firstDay + Int64(day)) * 86_400_000, value, day % 10 == 0 ? "Day \(day) went well" : nil,
                ])
                repetitions += 1
            }
        }
    }
    try queue.close()
    return repetitions
}

if !arguments.contains("--skip-loop") {
    let backup = folder.appendingPathComponent("Loop Habits Backup.db")
    let repetitions = try writeLoopBackup(to: backup, habits: 50, days: 5 * 365)
    let size = (try FileManager.default.attributesOfItem(atPath: backup.path)[.size] as? Int) ?? 0
    say("Loop Habit Tracker backup: 50 habits x 5 years, \(repetitions) repetitions, \(size / 1024) KB")
    let scope = try freshScope("loop")
    let (report, _) = try await measure("Tally import (fresh store)", bytes: size) {
        try await scope.imports.run(backup)
    }
    let (again, _) = try await measure("Tally import again (changes nothing)", bytes: size) {
        try await scope.imports.run(backup)
    }
    say("  \(report.summary)")
    say("  again: \(again.summary)")
}
