import Foundation
import Testing

/// `tally pee diary start|status|stop`: a 3-day diary from today, its progress in words and in `--json`,
/// finished after its last day, stopped early, and the summary still the default of `tally pee diary`.
@Suite struct PeeDiaryRunCLITests {
    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func startsShowsProgressFinishesAndIsPutAway() throws {
        var tally = try TallyBinary()
        defer { tally.remove() }
        let none = try object(try tally.run(["pee", "diary", "status", "--json"]).stdout)
        #expect(none["started"] as? Bool == false && none["phase"] is NSNull)
        let started = try tally.run(["pee", "diary", "start"])
        #expect(started.status == 0)
        #expect(
            started.stdout
                == "Started a 3-day bladder diary, 2026-11-22 to 2026-11-24.\nDay 1 of 3 · 0 voids measured\n")
        #expect(try tally.run(["pee", "--at", "09:30", "--volume", "300"]).status == 0)
        #expect(try tally.run(["pee", "--at", "09:35", "--volume", "50"]).status == 0)  // a double void: once
        #expect(try tally.run(["pee", "--at", "09:50"]).status == 0)  // not measured
        let status = try object(try tally.run(["pee", "diary", "status", "--json"]).stdout)
        #expect(status["started"] as? Bool == true && status["from"] as? String == "2026-11-22")
        #expect(status["to"] as? String == "2026-11-24" && status["phase"] as? String == "keeping")
        #expect(status["day"] as? Int == 1 && status["measuredVoids"] as? Int == 1)
        #expect(status["headline"] as? String == "Day 1 of 3 · 1 void measured")
        // The summary over a range stays what `tally pee diary` does without a subcommand.
        #expect(try tally.run(["pee", "diary", "--from", "2026-11-22", "--to", "2026-11-22"]).status == 0)

        // Before getting up on the fourth morning it is still day 3; after, the diary is finished.
        tally.now = "2026-11-25T06:30:00-05:00"
        #expect(try tally.run(["pee", "diary", "status"]).stdout.contains("Day 3 of 3"))
        tally.now = "2026-11-25T07:30:00-05:00"
        let finished = try tally.run(["pee", "diary", "status"])
        #expect(
            finished.stdout
                == "Bladder diary 2026-11-22 to 2026-11-24: Diary finished: open the report\n"
                + "tally pee report --from 2026-11-22 --to 2026-11-24\n")
        let put = try tally.run(["pee", "diary", "stop"])
        #expect(put.stdout == "Forgot the diary of 2026-11-22 to 2026-11-24.\n")
        let again = try tally.run(["pee", "diary", "stop"])
        #expect(again.status != 0 && again.stderr.contains("no bladder diary was started"))
    }

    @Test func stopsEarlyAndRefusesABadStartInTheUsersWords() throws {
        var tally = try TallyBinary()
        defer { tally.remove() }
        let bad = try tally.run(["pee", "diary", "start", "--from", "22/11/2026"])
        #expect(bad.status != 0 && bad.stderr.contains("--from"))
        let long = try tally.run(["pee", "diary", "start", "--days", "30"])
        #expect(long.status != 0 && long.stderr.contains("a diary lasts 1 to 14 days"))
        #expect(try tally.run(["pee", "diary", "start", "--from", "2026-11-21"]).status == 0)
        let stopped = try tally.run(["pee", "diary", "stop", "--json"])
        let json = try object(stopped.stdout)
        #expect(json["to"] as? String == "2026-11-22" && json["stopped"] as? Bool == true)
        #expect(json["headline"] as? String == "Diary stopped after 2 days: open the report")
    }

    @Test func marksGoToBedAfterMidnightOnTheDayBeforeAndMoveTheReportsNight() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        #expect(try tally.run(["pee", "--at", "2026-11-21T08:00", "--volume", "300"]).status == 0)
        #expect(try tally.run(["pee", "--at", "2026-11-21T23:40", "--volume", "200"]).status == 0)
        #expect(try tally.run(["pee", "--at", "2026-11-22T07:30", "--volume", "400"]).status == 0)
        let bed = try tally.run(["pee", "mark", "bed", "--at", "00:20"])
        #expect(bed.stdout == "Went to bed at 2026-11-22 00:20 (diary day 2026-11-21).\n")
        let json = try object(try tally.run(["pee", "mark", "up", "--at", "07:15", "--json"]).stdout)
        #expect(json["kind"] as? String == "wake" && json["day"] as? String == "2026-11-22")
        let report = try object(
            try tally.run(["pee", "report", "--from", "2026-11-21", "--to", "2026-11-21", "--format", "json"]).stdout)
        let day = try #require((report["days"] as? [[String: Any]])?.first)
        #expect(day["nightFrequency"] as? Int == 0 && day["dayFrequency"] as? Int == 2)
        #expect(try tally.run(["pee", "mark", "bed", "--day", "2026-11-21", "--clear"]).status == 0)
        let gone = try tally.run(["pee", "mark", "bed", "--day", "2026-11-21", "--clear"])
        #expect(gone.status != 0 && gone.stderr.contains("went to bed mark"))
        let half = try tally.run(["pee", "mark", "bed", "--clear"])
        #expect(half.status != 0 && half.stderr.contains("--clear needs --day DATE"))
    }
}
