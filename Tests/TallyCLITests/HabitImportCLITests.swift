import Foundation
import GRDB
import Testing
import ZIPFoundation

/// `tally import` of habit trackers' files: Loop Habit Tracker's SQLite backups (old and current schema)
/// and CSV export, Table Habit's and Beaver's JSON. Habits become skills, days completions, notes moments.
@Suite struct HabitImportCLITests {
    static func backup(_ tally: TallyBinary) throws -> [String: Any] { try tally.json(["export"]) }

    static func records(_ backup: [String: Any], _ key: String) -> [[String: Any]] {
        backup[key] as? [[String: Any]] ?? []
    }

    static func skill(_ backup: [String: Any], named name: String) -> [String: Any]? {
        records(backup, "skills").first { ($0["fields"] as? [String: Any])?["name"] as? String == name }
    }

    static func id(_ record: [String: Any]?) -> String? { (record?["meta"] as? [String: Any])?["id"] as? String }

    /// Completions of a skill, as "day level".
    static func days(_ backup: [String: Any], of skill: [String: Any]?) -> [String] {
        records(backup, "skillCompletions").filter { $0["skillID"] as? String == id(skill) }
            .map { "\($0["day"] as? String ?? "") \($0["level"] as? String ?? "")" }.sorted()
    }

    /// Milliseconds at UTC midnight of a November 2026 day, as Loop stores checkmarks.
    static func loopTimestamp(_ day: Int) -> Int64 { (Int64(20_757) + Int64(day)) * 86_400_000 }

    static func file(_ tally: TallyBinary, _ name: String, _ text: String) throws -> URL {
        let url = tally.dataDirectory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    static func zip(_ files: [(String, String)], to url: URL) throws {
        let archive = try Archive(url: url, accessMode: .create)
        for (path, text) in files {
            let data = Data(text.utf8)
            try archive.addEntry(
                with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate
            ) { position, size in data.subdata(in: Int(position)..<Int(position) + size) }
        }
    }

    @Test func aCurrentLoopBackupBecomesSkillsCompletionsAndNotesOnce() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        let url = tally.dataDirectory.appendingPathComponent("Loop Habits Backup 2026-11-22.db")
        let queue = try DatabaseQueue(path: url.path)
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
                    INSERT INTO Habits VALUES (1, 0, 8, 'Ten minutes', 1, 1, 0, 'Meditate', 0, NULL, NULL, 127, 0, 0, 0, '',
                      'Did you meditate today?', 'a1b2');
                    INSERT INTO Habits VALUES (2, 0, 11, '', 1, 1, 0, 'Run', 1, NULL, NULL, 127, 1, 0, 5, 'km', '', 'c3d4');
                    INSERT INTO Habits VALUES (3, 1, 0, '', 7, 3, 0, 'Gym', 2, NULL, NULL, 127, 0, 0, 0, '', '', 'e5f6');
                    """)
            let rows: [(Int, Int, Int, String?)] = [
                (1, 1, 2, "Calm morning\nfelt good afterwards"), (1, 2, 1, nil), (1, 3, 3, nil), (1, 4, 0, nil),
                (2, 1, 5_000, nil), (2, 2, 2_500, nil), (2, 3, 0, nil), (3, 5, 2, nil),
            ]
            for (habit, day, value, notes) in rows {
                try db.execute(
                    sql: "INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES (?, ?, ?, ?)",
                    arguments: [habit, Self.loopTimestamp(day), value, notes])
            }
        }
        try queue.close()

        let preview = try tally.json(["import", url.path, "--dry-run", "--json"])
        #expect(preview["format"] as? String == "loop" && preview["added"] as? Int == 10)
        #expect(try Self.records(Self.backup(tally), "skills").isEmpty)

        let imported = try tally.run(["import", url.path])
        #expect(
            imported.stdout
                == "Loop Habit Tracker: added 10 (3 skills, 5 completions, 2 notes), 0 skipped as duplicates, "
                + "0 already here\n")
        let backup = try Self.backup(tally)
        let meditate = Self.skill(backup, named: "Meditate")
        let run = Self.skill(backup, named: "Run")
        let gym = Self.skill(backup, named: "Gym")
        #expect(Self.days(backup, of: meditate) == ["2026-11-01 full", "2026-11-02 full"])
        #expect(Self.days(backup, of: run) == ["2026-11-01 full", "2026-11-02 partial"])
        #expect(Self.days(backup, of: gym) == ["2026-11-05 full"])
        let meditateFields = meditate?["fields"] as? [String: Any]
        #expect(meditateFields?["startDay"] as? String == "2026-11-01")
        #expect(meditateFields?["category"] as? String == "health")  // Loop's teal
        let runTarget = (run?["fields"] as? [String: Any])?["target"] as? [String: Any]
        #expect(runTarget?["amount"] as? Int == 5 && runTarget?["unit"] as? String == "km")
        #expect((gym?["fields"] as? [String: Any])?["frequency"] as? String == "3/week")
        #expect(gym?["archivedOn"] as? String == "2026-11-06")
        let moments = Self.records(backup, "memorableMoments")
        #expect(moments.map { $0["title"] as? String ?? "" }.sorted() == ["About Meditate", "Calm morning"])
        #expect(
            moments.allSatisfy {
                $0["skillID"] as? String == Self.id(meditate) && $0["category"] as? String == "personal"
            })
        let about = moments.first { $0["title"] as? String == "About Meditate" }
        #expect((about?["details"] as? String)?.hasPrefix("Did you meditate today?\n\nTen minutes") == true)

        let again = try tally.json(["import", url.path, "--json"])
        #expect(again["added"] as? Int == 0 && again["unchanged"] as? Int == 10)
        #expect(try Self.records(Self.backup(tally), "skillCompletions").count == 5)
    }

    @Test func anOldLoopBackupWithoutValuesJoinsASkillOfTheSameName() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        #expect(try tally.run(["skills", "add", "floss", "--start", "2026-11-01"]).status == 0)
        #expect(try tally.run(["skills", "done", "floss", "--date", "2026-11-03"]).status == 0)
        let url = tally.dataDirectory.appendingPathComponent("old.db")
        let queue = try DatabaseQueue(path: url.path)
        try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE Habits (id INTEGER PRIMARY KEY AUTOINCREMENT, archived INTEGER, color INTEGER,
                      description TEXT, freq_den INTEGER, freq_num INTEGER, highlight INTEGER, name TEXT,
                      position INTEGER, reminder_hour INTEGER, reminder_min INTEGER);
                    CREATE TABLE Repetitions (id INTEGER PRIMARY KEY AUTOINCREMENT, habit INTEGER, timestamp INTEGER);
                    PRAGMA user_version = 12;
                    INSERT INTO Habits VALUES (1, 0, -12627531, '', 2, 1, 0, 'Floss', 0, NULL, NULL);
                    INSERT INTO Habits VALUES (2, 0, -8882056, 'Pages', 1, 1, 0, 'Read', 1, NULL, NULL);
                    """)
            for (habit, day) in [(1, 1), (1, 3), (2, 2)] {
                try db.execute(
                    sql: "INSERT INTO Repetitions (habit, timestamp) VALUES (?, ?)",
                    arguments: [habit, Self.loopTimestamp(day)])
            }
        }
        try queue.close()

        let report = try tally.json(["import", url.path, "--json"])
        // Floss joins the skill made by hand (a duplicate, and so is its 3 November); Read is new, with a
        // note of its description.
        #expect(report["added"] as? Int == 4 && report["duplicates"] as? Int == 2)
        let backup = try Self.backup(tally)
        #expect(Self.records(backup, "skills").count == 2)
        let floss = Self.skill(backup, named: "floss")
        #expect(Self.days(backup, of: floss) == ["2026-11-01 full", "2026-11-03 full"])
        let read = Self.skill(backup, named: "Read")
        #expect(Self.days(backup, of: read) == ["2026-11-02 full"])
        let readFields = read?["fields"] as? [String: Any]
        #expect(readFields?["category"] as? String == "custom")  // grey
        let again = try tally.json(["import", url.path, "--json"])
        #expect(again["added"] as? Int == 0, "\(again)")
        #expect(again["duplicates"] as? Int == 2 && again["unchanged"] as? Int == 4, "\(again)")
    }

    @Test func aLoopCSVExportReadsEverySpellingOfAValue() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        let url = tally.dataDirectory.appendingPathComponent("Loop Habits CSV 2026-11-22.zip")
        try Self.zip(
            [
                (
                    "Habits.csv",
                    """
                    Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?
                    001,Wake up early,YES_NO,Did you wake up early?,,1,1,#D32F2F,,AT_LEAST,0,false
                    002,Water plants,NUMERICAL,,,1,7,#1976D2,litres,AT_LEAST,2.5,false

                    """
                ),
                (
                    "001 Wake up early/Checkmarks.csv",
                    "Date,Value,Notes\n2026-11-03,YES_MANUAL,\"Before 6, for once\"\n2026-11-02,YES_AUTO,\n2026-11-01,SKIP,\n"
                ),
                ("001 Wake up early/Scores.csv", "Date,Score\n2026-11-03,0.1000\n"),
                (
                    "002 Water plants/Checkmarks.csv",
                    "2026-11-02,1500\n2026-11-01,\"Entry(timestamp=Timestamp(unixTime=1793491200000), value=3000, notes=)\"\n"
                ),
                ("Checkmarks.csv", "Date,Wake up early,Water plants,\n2026-11-03,YES_MANUAL,0,\n"),
            ], to: url)
        let report = try tally.json(["import", url.path, "--json"])
        #expect(report["added"] as? Int == 8)
        #expect(report["addedByKind"] as? [String: Int] == ["skills": 2, "completions": 3, "notes": 3])
        let backup = try Self.backup(tally)
        let wake = Self.skill(backup, named: "Wake up early")
        // YES_AUTO (Loop's Entry.kt): not done, and not expected to be; no completion.
        #expect(Self.days(backup, of: wake) == ["2026-11-03 full"])
        let plants = Self.skill(backup, named: "Water plants")
        #expect(Self.days(backup, of: plants) == ["2026-11-01 full", "2026-11-02 partial"])
        let plantFields = plants?["fields"] as? [String: Any]
        #expect(plantFields?["frequency"] as? String == "1/week")
        #expect((plantFields?["target"] as? [String: Any])?["period"] as? String == "week")
        let notes = Self.records(backup, "memorableMoments").map { $0["title"] as? String ?? "" }.sorted()
        #expect(notes == ["About Wake up early", "About Water plants", "Before 6, for once"])
        let aboutPlants = Self.records(backup, "memorableMoments").first {
            $0["title"] as? String == "About Water plants"
        }
        #expect((aboutPlants?["details"] as? String)?.contains("Target: 2.5 litres a week.") == true)
        #expect(try tally.json(["import", url.path, "--json"])["unchanged"] as? Int == 8)
    }

    /// Table Habit's own Loop importer inserts many habits in one second: they share `create_t` and stay
    /// apart by their uuid; `freq_custom` as `habit_form.dart` writes it (the arguments alone, the kind in
    /// `freq_type`) gives each its own frequency.
    @Test func tableHabitsThatShareTheirCreationSecondStayApartWithTheirFrequencies() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        let table = try Self.file(
            tally, "table_habit_export.json",
            """
            {"habits": [
              {"uuid": "0b7d", "create_t": 1790000100, "type": 1, "status": 1, "name": "Read", "freq_type": 1,
               "freq_custom": "[3]", "records": [{"record_date": 20758, "record_type": 1, "record_value": 1}]},
              {"uuid": "9f21", "create_t": 1790000100, "type": 1, "status": 1, "name": "Run", "freq_type": 2,
               "freq_custom": "[10]", "records": [{"record_date": 20758, "record_type": 1, "record_value": 1}]},
              {"uuid": "c3a0", "create_t": 1790000100, "type": 1, "status": 1, "name": "Swim", "freq_type": 3,
               "freq_custom": "[3,14]", "records": [{"record_date": 20759, "record_type": 1, "record_value": 1}]},
              {"uuid": "77aa", "create_t": 1790000100, "type": 1, "status": 1, "name": "Walk", "freq_type": 1,
               "freq_custom": "[7]", "records": []}
            ], "groups": []}
            """)
        let preview = try tally.json(["import", table.path, "--dry-run", "--json"])
        let report = try tally.json(["import", table.path, "--json"])
        #expect(report["addedByKind"] as? [String: Int] == ["skills": 4, "completions": 3, "notes": 0])
        #expect(preview["addedByKind"] as? [String: Int] == report["addedByKind"] as? [String: Int])
        let backup = try Self.backup(tally)
        // A monthly frequency is in `monthlyFrequency` (`frequency` holds what earlier versions can read).
        let frequencies = ["Read", "Run", "Swim", "Walk"].map {
            let fields = Self.skill(backup, named: $0)?["fields"] as? [String: Any]
            return (fields?["monthlyFrequency"] ?? fields?["frequency"]) as? String
        }
        #expect(frequencies == ["3/week", "10/month", "every-5-days", "daily"])
        #expect(try tally.json(["import", table.path, "--json"])["added"] as? Int == 0)
    }

    @Test func tableHabitAndBeaverExportsBecomeSkills() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        // Days since 1970: 20758 is 2026-11-01.
        let table = try Self.file(
            tally, "table_habit_export.json",
            """
            {"habits": [
              {"create_t": 1790000000, "type": 1, "status": 1, "name": "Stretch", "desc": "Morning",
               "color": 3, "custom_color": 4281236652, "daily_goal": 1, "daily_goal_unit": "", "freq_type": 1,
               "freq_custom": "{\\"type\\":1,\\"args\\":[3]}", "records": [
                 {"record_date": 20758, "record_type": 1, "record_value": 1},
                 {"record_date": 20759, "record_type": 2, "reason": "sick"}]},
              {"create_t": 1790000001, "type": 2, "status": 3, "name": "Coffee", "daily_goal": 2,
               "daily_goal_unit": "cups", "freq_type": 3, "freq_custom": "{\\"type\\":3,\\"args\\":[1,1]}", "records": [
                 {"record_date": 20758, "record_type": 1, "record_value": 1},
                 {"record_date": 20759, "record_type": 1, "record_value": 4}]},
              {"create_t": 1790000002, "type": 1, "status": 2, "name": "Gone", "records": []}
            ], "groups": []}
            """)
        let tableReport = try tally.json(["import", table.path, "--json"])
        #expect(tableReport["format"] as? String == "table-habit")
        #expect(tableReport["addedByKind"] as? [String: Int] == ["skills": 2, "completions": 2, "notes": 3])
        var backup = try Self.backup(tally)
        let stretch = Self.skill(backup, named: "Stretch")
        #expect((stretch?["fields"] as? [String: Any])?["frequency"] as? String == "3/week")
        #expect(Self.days(backup, of: stretch) == ["2026-11-01 full"])
        let coffee = Self.skill(backup, named: "Coffee")
        #expect(Self.days(backup, of: coffee) == ["2026-11-01 full"])
        // Archived the day after its last completion: 4 cups on the 2nd is over its limit of 2.
        #expect(coffee?["archivedOn"] as? String == "2026-11-02")
        #expect(Self.skill(backup, named: "Gone") == nil)

        let beaver = try Self.file(
            tally, "beaver.json",
            """
            {"user_email": "ana@example.com", "exported_at": "2026-11-22 09:00:00", "habits": [
              {"id": "6f1c", "name": "Journal", "tags": [], "star": false, "status": "active",
               "period": {"period_type": "W", "period_count": 1, "target_count": 4},
               "records": [{"day": "2026-11-01", "done": true, "text": null},
                           {"day": "2026-11-02", "done": false, "text": "Too tired"}]},
              {"id": 7, "name": "Old habit", "status": "soft_delete", "records": []}
            ]}
            """)
        let beaverReport = try tally.json(["import", beaver.path, "--json"])
        #expect(beaverReport["format"] as? String == "beaver")
        #expect(beaverReport["addedByKind"] as? [String: Int] == ["skills": 1, "completions": 1, "notes": 1])
        backup = try Self.backup(tally)
        let journal = Self.skill(backup, named: "Journal")
        #expect((journal?["fields"] as? [String: Any])?["frequency"] as? String == "4/week")
        #expect(Self.records(backup, "memorableMoments").contains { $0["title"] as? String == "Too tired" })
        #expect(try tally.json(["import", beaver.path, "--json"])["added"] as? Int == 0)
    }

    @Test func aBrokenHabitFileNamesWhatIsWrongAndStoresNothing() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        let table = try Self.file(
            tally, "table.json",
            #"{"habits": [{"create_t": 1, "name": "Stretch", "freq_type": 1, "records": [{"record_date": "May"}]}]}"#)
        let tableRefusal = try tally.run(["import", table.path])
        #expect(tableRefusal.status != 0)
        #expect(tableRefusal.stderr.contains("habits[0].records[0].record_date: a number is expected"))

        let beaver = try Self.file(
            tally, "beaver.json",
            #"{"exported_at": "x", "habits": [{"name": "A", "records": [{"day": "2026-11-01", "done": true}]},"#
                + #"{"name": "B", "records": [{"day": "yesterday", "done": true}]}]}"#)
        let beaverRefusal = try tally.run(["import", beaver.path])
        #expect(beaverRefusal.stderr.contains("habits[1].records[0].day: 'yesterday' is not a date"))

        let csv = tally.dataDirectory.appendingPathComponent("loop.zip")
        try Self.zip(
            [
                ("Habits.csv", "Position,Name,Type,FrequencyNumerator,FrequencyDenominator\n001,Read,YES_NO,1,1\n"),
                ("001 Read/Checkmarks.csv", "Date,Value,Notes\n2026-11-01,YES_MANUAL,\n2026-11-02,MAYBE,\n"),
            ], to: csv)
        let csvRefusal = try tally.run(["import", csv.path])
        #expect(csvRefusal.stderr.contains("row 3 of 001 Read/Checkmarks.csv: 'MAYBE' is not a checkmark value"))

        let notLoop = tally.dataDirectory.appendingPathComponent("other.db")
        let queue = try DatabaseQueue(path: notLoop.path)
        try queue.write { db in try db.execute(sql: "CREATE TABLE notes (text TEXT)") }
        try queue.close()
        let dbRefusal = try tally.run(["import", notLoop.path])
        #expect(dbRefusal.stderr.contains("other.db is an SQLite database but not a Loop Habit Tracker backup"))

        let backup = try Self.backup(tally)
        #expect(Self.records(backup, "skills").isEmpty && Self.records(backup, "skillCompletions").isEmpty)
    }
}
