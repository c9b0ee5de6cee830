import Foundation
import Testing

@Suite struct CLITests {
    @Test func logsAndListsTodayNewestFirst() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        #expect(try tally.run(["pee", "--at", "07:05", "--note", "first"]).status == 0)
        let logged = try tally.run(["pee", "--volume", "300", "--urgency", "2", "--leak"])
        #expect(logged.status == 0 && logged.stdout.contains("Logged 10:00 on 2026-11-22"))
        let today = try tally.json(["pee", "today", "--json"])
        #expect(today["count"] as? Int == 2 && today["day"] as? String == "2026-11-22")
        let events = try #require(today["events"] as? [[String: Any]])
        #expect(events.map { $0["localTime"] as? String } == ["10:00", "07:05"])
        #expect(events[0]["volumeMl"] as? Int == 300 && events[0]["leak"] as? Bool == true)
        #expect(events[1]["at"] as? String == "2026-11-22T07:05:00-05:00")
        let human = try tally.run(["pee", "today"])
        #expect(human.stdout.hasPrefix("Pee events: 2"))
    }

    /// `tally today` gathers every tracker's today, as the page and the API do (``TodayOverview``).
    @Test func todayShowsEveryTracker() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        #expect(try tally.run(["skills", "add", "Guitar"]).status == 0)
        #expect(try tally.run(["reminders", "add", "Call mum", "--date", "2026-11-22", "--time", "20:00"]).status == 0)
        #expect(try tally.run(["reminders", "add", "Dentist", "--date", "2026-11-23"]).status == 0)
        let today = try tally.json(["today", "--json"])
        #expect((today["tasks"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Guitar"])
        let reminders = try #require(today["reminders"] as? [[String: Any]])
        #expect(reminders.map { $0["title"] as? String } == ["Call mum"])
        #expect(reminders.first?["at"] as? String == "2026-11-22T20:00:00-05:00")
        #expect((today["journal"] as? [String: Any])?["written"] as? Bool == false)
        let human = try tally.run(["today"]).stdout
        #expect(human.contains("Skill [ ] Guitar") && human.contains("Reminder 20:00 Call mum"), "\(human)")
        #expect(human.contains("Journal: not written yet") && !human.contains("Dentist"), "\(human)")
    }

    @Test func lateNightEntryTypedAfterMidnightLandsYesterday() throws {
        var tally = try TallyBinary()
        defer { tally.remove() }
        tally.now = "2026-11-22T00:10:00-05:00"
        #expect(try tally.run(["pee", "--at", "23:58"]).status == 0)
        #expect(try tally.json(["pee", "today", "--json"])["count"] as? Int == 0)
        let history = try tally.json(["pee", "history", "--json"])
        let days = try #require(history["days"] as? [[String: Any]])
        #expect(days.map { $0["day"] as? String } == ["2026-11-21"])
    }

    @Test func travellersEntryKeepsItsOwnDay() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        #expect(try tally.run(["settings", "--time-zone", "Europe/Berlin"]).status == 0)
        // 23:30 in New York is 05:30 the next morning in Berlin; it stays on the New York day.
        #expect(try tally.run(["pee", "--at", "2026-11-20T23:30", "--zone", "America/New_York"]).status == 0)
        let history = try tally.json(["pee", "history", "--json"])
        let days = try #require(history["days"] as? [[String: Any]])
        #expect(days.map { $0["day"] as? String } == ["2026-11-20"])
        let event = try #require((days.first?["events"] as? [[String: Any]])?.first)
        #expect(
            event["at"] as? String == "2026-11-20T23:30:00-05:00" && event["timeZone"] as? String == "America/New_York")
    }

    @Test func historyDeleteAndDiary() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        for (at, volume) in [("2026-11-20T08:00", "400"), ("2026-11-21T02:00", "300"), ("2026-11-21T12:00", "250")] {
            #expect(try tally.run(["pee", "--at", at, "--volume", volume]).status == 0)
        }
        let history = try tally.json(["pee", "history", "--from", "2026-11-21", "--to", "2026-11-21", "--json"])
        let day = try #require((history["days"] as? [[String: Any]])?.first)
        let id = try #require((day["events"] as? [[String: Any]])?.first?["id"] as? String)
        let diary = try tally.json(["pee", "diary", "--from", "2026-11-20", "--to", "2026-11-21", "--json"])
        #expect(diary["totalVoids"] as? Int == 3 && diary["nightVoids"] as? Int == 1)
        #expect(try tally.run(["pee", "delete", id]).status == 0)
        let after = try tally.json(["pee", "diary", "--from", "2026-11-20", "--to", "2026-11-21", "--json"])
        #expect(after["totalVoids"] as? Int == 2)
    }

    @Test func exportImportRoundTripIsIdempotent() throws {
        let source = try TallyBinary()
        let target = try TallyBinary()
        defer {
            source.remove()
            target.remove()
        }
        #expect(try source.run(["pee", "--note", "backed up", "--volume", "210"]).status == 0)
        #expect(try source.run(["settings", "--bedtime", "22:15"]).status == 0)
        let backup = try source.run(["export"]).stdout
        let file = target.dataDirectory.appendingPathComponent("backup.json")
        try backup.write(to: file, atomically: true, encoding: .utf8)
        #expect(
            try target.run(["import", file.path]).stdout
                == "Tally backup: added 2 (1 setting, 1 bathroom event), 0 already here\n")
        #expect(try target.run(["import", "-"], stdin: backup).stdout == "Tally backup: added 0, 2 already here\n")
        #expect(try target.run(["export"]).stdout == backup)
    }

    @Test func dataDirectoryComesFromTheEnvironmentToo() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        #expect(try tally.run(["pee", "--note", "env"], useDataDirOption: false).status == 0)
        #expect(try tally.json(["pee", "today", "--json"])["count"] as? Int == 1)
    }

    static let badInvocations: [[String]] = [
        ["pee", "--urgency", "7"],
        ["pee", "--volume=-5"],
        ["pee", "--at", "half past nine"],
        ["pee", "--note", String(repeating: "x", count: 10_001)],
        ["pee", "delete", "2C5B1F0E-2A57-4F4B-9E59-6F3E0F4C1A11"],
        ["pee", "delete", "not-an-id"],
        ["pee", "history", "--from", "2026-02-30"],
        ["pee", "diary", "--from", "2026-11-22", "--to", "2026-11-01"],
        ["settings", "--time-zone", "Atlantis/Capital"],
        ["pee", "--zone", "Atlantis/Capital"],
        ["import", "/nonexistent/backup.json"],
    ]

    @Test(arguments: badInvocations)
    func badInputExitsNonZeroWithAMessageAndChangesNothing(_ arguments: [String]) throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        #expect(try tally.run(["pee", "--note", "already here"]).status == 0)
        let before = try tally.run(["export"]).stdout
        let result = try tally.run(arguments)
        #expect(result.status != 0)
        #expect(!result.stderr.isEmpty)
        #expect(result.stderr.split(separator: "\n").count <= 3, "\(result.stderr)")
        #expect(try tally.run(["export"]).stdout == before)
    }

    @Test func unreadableBackupIsRefused() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        let result = try tally.run(["import", "-"], stdin: "{\"format\":\"tally-backup\"}")
        #expect(result.status != 0 && result.stderr.contains("not a readable Tally backup"))
    }
}
