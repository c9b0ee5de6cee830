import Foundation
import Testing

/// Every command that takes an event, a reminder, a tracker or a moment takes its title (any case) or its
/// id alike; a title several share is refused with each of them and its id listed, and nothing changes.
@Suite struct NamedRecordCLITests {
    @Test func titlesAndIdsNameRecordsAndASharedTitleIsAQuestion() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        for title in ["Yoga", "yoga"] {
            #expect(
                try tally.run([
                    "events", "add", title, "--start", "2026-11-23", "--time", "18:30", "--rrule", "FREQ=WEEKLY",
                ])
                .status == 0)
        }
        let shared = try tally.run(["events", "skip", "YOGA", "2026-11-30T18:30:00-05:00"])
        #expect(shared.status != 0)
        #expect(shared.stderr.contains("'YOGA' is the title of 2 events: "), "\(shared.stderr)")
        #expect(shared.stderr.components(separatedBy: "(").count == 3, "each listed with its id")
        // Written exactly so, one of them is meant.
        let exact = try tally.run(["events", "skip", "yoga", "2026-11-30T18:30:00-05:00"])
        #expect(exact.status == 0 && exact.stdout.contains("of yoga"), "\(exact.stderr)")

        #expect(try tally.run(["reminders", "add", "Call mum", "--date", "2026-11-24"]).status == 0)
        #expect(try tally.run(["reminders", "done", "call MUM"]).stdout.contains("Done: Call mum"))
        #expect(try tally.run(["reminders", "delete", "Call mum"]).status == 0)
        let gone = try tally.run(["reminders", "done", "Call mum"])
        #expect(gone.status != 0 && gone.stderr.contains("Call mum"), "\(gone.stderr)")

        #expect(try tally.run(["trackers", "add", "Holiday", "--till", "2026-12-24"]).status == 0)
        #expect(try tally.run(["trackers", "delete", "holiday"]).status == 0)
        #expect(try tally.run(["moments", "add", "First song"]).status == 0)
        #expect(try tally.run(["moments", "delete", "first song"]).status == 0)
        let listed = try tally.jsonArray(["events", "--json"])
        let id = try #require(listed.first?["id"] as? String)
        #expect(try tally.run(["events", "delete", id]).status == 0)
    }
}
