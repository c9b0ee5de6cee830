import Foundation
import Testing

/// `tally import` of a Daylio CSV: entries become journal days, moods 1 to 5, nothing doubled.
@Suite struct DaylioImportCLITests {
    static let current = """
        full_date,date,weekday,time,mood,activities,note_title,note
        2026-11-02,November 2,Monday,21:10,meh,work | friends,Long day,"Dinner with Sam, then
        a walk"
        2026-11-02,November 2,Monday,8:05 am,rad,running,,
        2026-11-01,November 1,Sunday,6:50 pm,good,,,Quiet
        2026-11-03,November 3,Tuesday,12:00,sleepy ,,,Nap

        """

    /// The day's entry as `tally journal DAY --json` prints it; empty for a day without one.
    static func journal(_ tally: TallyBinary, _ day: String) throws -> [String: Any] {
        let result = try tally.run(["journal", day, "--json"])
        return (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8), options: .fragmentsAllowed))
            as? [String: Any] ?? [:]
    }

    /// Every mood the export renamed is named in one refusal, with the options to paste.
    @Test func everyUnknownMoodIsNamedAtOnce() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        let url = tally.dataDirectory.appendingPathComponent("daylio_export.csv")
        try Data(
            (Self.current
                + "2026-11-04,November 4,Wednesday,12:00,tired,,,Long\n2026-11-05,November 5,Thursday,9:00,Sleepy,,,\n")
                .utf8
        ).write(to: url)
        let refused = try tally.run(["import", url.path, "--dry-run"])
        #expect(refused.status != 0)
        #expect(
            refused.stderr.contains("the moods 'sleepy' (row 5), 'tired' (row 6) are not one of"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--mood 'sleepy=N' --mood 'tired=N'"))
    }

    @Test func aDaylioExportBecomesJournalDaysOnceAndKeepsWhatWasWritten() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        let url = tally.dataDirectory.appendingPathComponent("daylio_export_2026_11_22.csv")
        try Data(Self.current.utf8).write(to: url)
        #expect(try tally.run(["journal", "2026-11-01", "--note", "Written by hand", "--mood", "2"]).status == 0)

        // A renamed mood needs its rating; without it nothing is stored. Rows count records, as a
        // spreadsheet shows them (a note over two lines is one row).
        let refused = try tally.run(["import", url.path])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("the mood 'sleepy' (row 5) is not one of rad, good, meh, bad or awful"))
        #expect(refused.stderr.contains("or --mood 'sleepy=N' on the command line"))
        #expect(try Self.journal(tally, "2026-11-02")["notes"] == nil)

        let report = try tally.json(["import", url.path, "--mood", "Sleepy=2", "--json"])
        #expect(report["format"] as? String == "daylio")
        #expect(report["added"] as? Int == 2 && report["updated"] as? Int == 1)
        let second = try Self.journal(tally, "2026-11-02")
        #expect(
            second["notes"] as? String
                == "08:05 · rad · running\n\n21:10 · meh · work | friends\nLong day\nDinner with Sam, then\na walk")
        #expect(second["moodRating"] as? Int == 4)  // rad and meh: 5 and 3
        let first = try Self.journal(tally, "2026-11-01")
        #expect(first["notes"] as? String == "Written by hand\n\n18:50 · good\nQuiet")
        #expect(first["moodRating"] as? Int == 2)
        #expect(try Self.journal(tally, "2026-11-03")["moodRating"] as? Int == 2)

        let again = try tally.json(["import", url.path, "--mood", "sleepy=2", "--json"])
        #expect(again["added"] as? Int == 0 && again["updated"] as? Int == 0)
        #expect(again["unchanged"] as? Int == 2 && again["duplicates"] as? Int == 1)
    }

    @Test func anOlderExportWithTheYearFirstImports() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        let url = tally.dataDirectory.appendingPathComponent("old.csv")
        let old =
            "\u{FEFF}year,date,weekday,time,mood,activities,note\n2019,January 5,Saturday,6:50 pm,awful,sick,\"Flu\"\n"
        try Data(old.utf8).write(to: url)
        let report = try tally.json(["import", url.path, "--json"])
        #expect(report["added"] as? Int == 1)
        let day = try Self.journal(tally, "2019-01-05")
        #expect(day["notes"] as? String == "18:50 · awful · sick\nFlu" && day["moodRating"] as? Int == 1)
    }

    @Test func aBadTimeNamesItsRowAndStoresNothing() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        let url = tally.dataDirectory.appendingPathComponent("bad.csv")
        let bad = Self.current.replacingOccurrences(of: "6:50 pm", with: "teatime")
        try Data(bad.utf8).write(to: url)
        let refused = try tally.run(["import", url.path, "--mood", "sleepy=2"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("row 4: time 'teatime' is not a time such as 6:50 pm or 14:58"))
        #expect(try Self.journal(tally, "2026-11-02")["notes"] == nil)
        let badMapping = try tally.run(["import", url.path, "--mood", "sleepy"])
        #expect(badMapping.stderr.contains("'sleepy' is not a mood mapping such as sleepy=3"))
    }
}
