import Foundation
import Testing

@Suite struct DatesCLITests {
    @Test func trackersRemindersEventsAndJournal() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        let added = try tally.run(["trackers", "add", "Quit smoking", "--since", "2024-07-18"])
        #expect(added.status == 0 && added.stdout.contains("2 years, 4 months, 4 days ago"))
        #expect(
            try tally.run(["trackers", "add", "Trip", "--till", "2027-01-10", "--units", "weeks,days"]).status == 0)
        let trackers = try tally.jsonArray(["trackers", "--json"])
        #expect(trackers.map { $0["display"] as? String } == ["2 years, 4 months, 4 days ago", "in 7 weeks"])

        #expect(try tally.run(["reminders", "add", "Dentist", "--date", "2026-12-01"]).status == 0)
        #expect(try tally.run(["reminders"]).stdout.contains("2026-12-01T09:00  Dentist"))

        let event = try tally.run([
            "events", "add", "Yoga", "--start", "2026-11-23", "--time", "18:30", "--rrule", "FREQ=WEEKLY;BYDAY=MO",
        ])
        #expect(event.stdout.contains("Every week on Mon; next 2026-11-23T18:30:00-05:00"))

        #expect(try tally.run(["journal", "--mood", "4", "--note", "Good day"]).stdout.contains("Good (4)"))
        let entry = try tally.json(["journal", "2026-11-22", "--json"])
        #expect(entry["moodRating"] as? Int == 4 && entry["notes"] as? String == "Good day")
    }

    @Test func badInputExitsWithOneLineAndChangesNothing() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        #expect(try tally.run(["trackers", "add", "Trip", "--till", "2027-01-10"]).status == 0)
        let before = try tally.run(["export"]).stdout
        let cases: [([String], String)] = [
            (
                ["trackers", "add", String(repeating: "x", count: 201), "--till", "2027-01-10"],
                "title: is 201 characters long"
            ),
            (["trackers", "add", "Trip", "--till", "2027-02-30"], "--till"),
            (
                ["trackers", "add", "Trip", "--till", "2027-01-10", "--units", "fortnights"],
                "'fortnights' is not a unit"
            ),
            (
                ["events", "add", "Yoga", "--start", "2026-11-23", "--rrule", "FREQ=WEEKLY;BYDAY=XX"],
                "BYDAY value \"XX\" is not a weekday"
            ),
            (["journal", "--mood", "0"], "moodRating: 0 is not a mood from 1 to 5"),
            (["journal", "--mood", "6"], "moodRating: 6 is not a mood from 1 to 5"),
        ]
        for (arguments, message) in cases {
            let result = try tally.run(arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        #expect(try tally.run(["export"]).stdout == before)
    }
}
