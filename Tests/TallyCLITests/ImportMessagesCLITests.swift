import Foundation
import GRDB
import Testing

/// What `tally import` says of a file it cannot take (issue 50 item 9), with the real binary: broken JSON
/// named by line and column, another tracker's file forced to be read as Daylio's named for what it looks
/// like, another app's habit database told which of Loop's tables and columns it lacks, and a Health export
/// without water told what it held. Each refusal exits non-zero and stores nothing.
@Suite struct ImportMessagesCLITests {
    static func file(_ tally: TallyBinary, _ name: String, _ text: String) throws -> URL {
        let url = tally.dataDirectory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    static func refusal(_ tally: TallyBinary, _ arguments: [String]) throws -> String {
        let result = try tally.run(["import"] + arguments)
        #expect(result.status != 0, "\(arguments) was taken: \(result.stdout)")
        return result.stderr
    }

    static func nothingStored(_ tally: TallyBinary) throws {
        let backup = try tally.json(["export"])
        for (key, value) in backup where key != "format" && key != "version" {
            #expect((value as? [Any])?.isEmpty ?? true, "\(key) holds something")
        }
    }

    @Test func brokenJSONIsNamedByLineAndColumn() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        // Table Habit's export (its keys, from habit_form.dart) with a doubled comma on line 3.
        let table = try Self.file(
            tally, "table.json",
            """
            {"habits": [
              {"create_t": 1, "name": "Stretch", "freq_type": 1,
               "records": [,]}
            ]}
            """)
        let broken = try Self.refusal(tally, [table.path])
        #expect(broken.contains("not a readable Table Habit export: the JSON breaks at line 3, column 16"), "\(broken)")
        let cut = try Self.file(tally, "beaver.json", #"{"exported_at": "x", "habits": [{"name": "A""#)
        let short = try Self.refusal(tally, [cut.path])
        #expect(
            short.contains("the JSON ends before it is complete (at line 1, column 45): is the file cut short?"),
            "\(short)")
        // A Tally backup, read a piece at a time by its own reader, says the same.
        let backup = try Self.file(
            tally, "backup.json",
            """
            {
              "format" : "tally-backup",
              "version" : 1,
              "waterEntries" : [ 12 x ]
            }
            """)
        let backupRefusal = try Self.refusal(tally, [backup.path])
        #expect(backupRefusal.contains("expected ',' at line 4, column 25 (byte 72)"), "\(backupRefusal)")
        try Self.nothingStored(tally)
    }

    @Test func anotherTrackersFileForcedAsDaylioIsNamedForWhatItLooksLike() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        let loop = tally.dataDirectory.appendingPathComponent("loop.db")
        let queue = try DatabaseQueue(path: loop.path)
        try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE Habits (id INTEGER PRIMARY KEY, name TEXT, freq_num INTEGER, freq_den INTEGER);
                    CREATE TABLE Repetitions (id INTEGER PRIMARY KEY, habit INTEGER, timestamp INTEGER);
                    """)
        }
        try queue.close()
        let loopRefusal = try Self.refusal(tally, [loop.path, "--format", "daylio"])
        #expect(
            loopRefusal.contains(
                "loop.db looks like a Loop Habit Tracker file, not Daylio: import it as Loop Habit "
                    + "Tracker (format loop)"), "\(loopRefusal)")
        // Beaver's export (the keys its exporter writes: exported_at, user_email, habits).
        let beaver = try Self.file(
            tally, "beaver.json", #"{"exported_at": "2026-11-20", "user_email": "ana@example.com", "habits": []}"#)
        let beaverRefusal = try Self.refusal(tally, [beaver.path, "--format", "daylio"])
        #expect(
            beaverRefusal.contains("beaver.json looks like a Beaver Habit Tracker file, not Daylio"), "\(beaverRefusal)"
        )
        try Self.nothingStored(tally)
    }

    @Test func anotherAppsHabitDatabaseIsToldWhatOfLoopsItLacks() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        // A Habits table of another app's shape (as the issue's rewire.db has), and no Repetitions table.
        let rewire = tally.dataDirectory.appendingPathComponent("rewire.db")
        let queue = try DatabaseQueue(path: rewire.path)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE Habits (id INTEGER PRIMARY KEY, title TEXT, schedule TEXT)")
        }
        try queue.close()
        let refusal = try Self.refusal(tally, [rewire.path])
        #expect(
            refusal.contains(
                "rewire.db is an SQLite database but not a Loop Habit Tracker backup: its Habits table lacks the "
                    + "columns name, freq_num and freq_den that Loop's has (id, name, freq_num, freq_den), and it has "
                    + "no Repetitions table"), "\(refusal)")
        try Self.nothingStored(tally)
    }

    @Test func aHealthExportWithoutWaterSaysWhatItRead() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        let steps = (0..<1_234).map { index in
            #"<Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" "#
                + #"startDate="2026-11-21 08:15:00 -0500" endDate="2026-11-21 08:16:00 -0500" value="\#(index)"/>"#
        }
        let health = try Self.file(
            tally, "export.xml",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
            \(steps.joined(separator: "\n"))
            </HealthData>
            """)
        let refusal = try Self.refusal(tally, [health.path, "--dry-run"])
        #expect(
            refusal.contains(
                "export.xml holds no water: no DietaryWater record (HKQuantityTypeIdentifierDietaryWater) among "
                    + "1,234 records of other types"), "\(refusal)")
        try Self.nothingStored(tally)
    }
}
