import Foundation
import TallyCore
import Testing

/// `tally pee history` a page of days at a time, `--all` for every day, and `tally doctor` finding the
/// kept day totals in agreement with the entries after an import.
@Suite struct HistoryPagesCLITests {
    @Test func historyPagesByDaysAndTheDoctorFindsNoDifference() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        let now = TimeInput.parseInstant("2026-11-22T10:00:00-05:00")!
        let events = SampleEvents.bathroom(35, spacing: 86_400, newest: now)
        let file = tally.dataDirectory.appendingPathComponent("events.json")
        try BackupCoding.encoder().encode(TallyBackup(records: events)).write(to: file)
        #expect(try tally.run(["import", file.path]).status == 0)

        let first = try tally.json(["pee", "history", "--json"])
        let firstDays = try #require(first["days"] as? [[String: Any]])
        #expect(firstDays.count == 30 && first["hasOlder"] as? Bool == true)
        #expect(firstDays.first?["day"] as? String == "2026-11-22")
        let second = try tally.json(["pee", "history", "--page", "2", "--json"])
        let secondDays = try #require(second["days"] as? [[String: Any]])
        #expect(
            secondDays.map { $0["day"] as? String } == [
                "2026-10-23", "2026-10-22", "2026-10-21", "2026-10-20", "2026-10-19",
            ])
        #expect(second["hasOlder"] as? Bool == false)
        let all = try tally.json(["pee", "history", "--all", "--json"])
        #expect((all["days"] as? [[String: Any]])?.count == 35 && all["hasOlder"] == nil)
        #expect(try tally.run(["pee", "history"]).stdout.contains("Older days: tally pee history --page 2"))
        #expect(try tally.run(["pee", "history", "--page", "0"]).status != 0)

        let doctor = try tally.json(["doctor", "--json"])
        #expect(doctor["bathroomDays"] as? Int == 35 && doctor["waterDays"] as? Int == 0)
        #expect((doctor["differences"] as? [Any])?.isEmpty == true)
        #expect(try tally.run(["doctor"]).stdout.contains("No difference."))
    }
}
