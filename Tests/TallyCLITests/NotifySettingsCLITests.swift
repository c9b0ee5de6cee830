import Foundation
import Testing

/// `tally notify settings`: kinds switched, an event's lead time and a skill's daily time set by name, the
/// horizon following them, and bad input refused with nothing changed.
@Suite struct NotifySettingsCLITests {
    @Test func leadTimesAndSkillTimesAreSetByNameAndPlanned() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        #expect(
            try tally.run([
                "events", "add", "Yoga", "--start", "2026-11-23", "--time", "18:30", "--rrule", "FREQ=WEEKLY",
            ])
            .status == 0)
        #expect(try tally.run(["skills", "add", "Guitar"]).status == 0)
        let set = try tally.run([
            "notify", "settings", "--event-lead", "yoga=30", "--skill-time", "Guitar=19:00", "--trackers", "off",
        ])
        #expect(set.status == 0 && set.stdout.contains("Yoga: 30 min before") && set.stdout.contains("trackers: off"))
        let settings = try tally.json(["notify", "settings", "--json"])
        #expect((settings["eventLeadMinutes"] as? [String: Int]) == ["Yoga": 30])
        #expect((settings["skillTimes"] as? [String: String]) == ["Guitar": "19:00"])
        let upcoming = try tally.jsonArray(["notify", "upcoming", "--json"])
        #expect(
            upcoming.contains { $0["kind"] as? String == "event" && $0["localTime"] as? String == "2026-11-23T18:00" })
        #expect(
            upcoming.contains { $0["kind"] as? String == "skill" && $0["localTime"] as? String == "2026-11-23T19:00" })

        let before = try tally.run(["notify", "settings", "--json"]).stdout
        for (arguments, message) in [
            (["--event-lead", "Swim=10"], "you have no event called 'Swim'"),
            (["--skill-time", "Guitar=25:00"], "'25:00' is not a time of day"),
            (["--event-lead", "Yoga"], "is not NAME=VALUE"),
            (["--events", "maybe"], "neither on nor off"),
        ] {
            let refused = try tally.run(["notify", "settings"] + arguments)
            #expect(refused.status != 0 && refused.stderr.contains(message), "\(arguments): \(refused.stderr)")
        }
        #expect(try tally.run(["notify", "settings", "--json"]).stdout == before)
    }
}
