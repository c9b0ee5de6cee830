import Foundation
import Hummingbird
import HummingbirdTesting
import TallyCore
import TallyServices
import Testing

/// Today shows every tracker at a glance, on the page and in `GET /api/v1/today`: the skills due (not the
/// ones due another day), today's open reminders and events (not tomorrow's, a done one or a skipped
/// occurrence), the nearest three countdowns and the journal's prompt.
@Suite struct TodayTests {
    let zone = "America/New_York"

    func at(_ text: String) -> Date { TimeInput.parseInstant(text)! }

    /// A Sunday, 2026-11-22, at 10:00 in New York, with something of every kind on it and around it.
    func seed(_ scope: UserScope) async throws {
        _ = try await scope.skills.add(.init(name: "Guitar"))
        _ = try await scope.skills.add(.init(name: "Stretch"))
        _ = try await scope.skills.add(.init(name: "Chess", frequency: "mon"))
        _ = try await scope.reminders.create(
            .init(title: "Call mum", date: at("2026-11-22T20:00:00-05:00"), timeZoneID: zone))
        _ = try await scope.reminders.create(
            .init(title: "Pills", date: at("2026-11-22T08:00:00-05:00"), timeZoneID: zone))
        _ = try await scope.reminders.create(
            .init(title: "Dentist", date: at("2026-11-23T09:00:00-05:00"), timeZoneID: zone))
        let bins = try await scope.reminders.create(
            .init(title: "Bins", date: at("2026-11-22T07:00:00-05:00"), timeZoneID: zone))
        _ = try await scope.reminders.setDone(id: bins.id, true)
        _ = try await scope.events.create(
            .init(
                title: "Yoga", startDate: at("2026-11-15T18:30:00-05:00"), timeZoneID: zone,
                recurrenceRule: "FREQ=WEEKLY"))
        _ = try await scope.events.create(
            .init(
                title: "Book club", startDate: at("2026-11-16T19:00:00-05:00"), timeZoneID: zone,
                recurrenceRule: "FREQ=WEEKLY"))
        let standup = try await scope.events.create(
            .init(
                title: "Standup", startDate: at("2026-11-01T09:00:00-05:00"), timeZoneID: zone,
                recurrenceRule: "FREQ=DAILY"))
        _ = try await scope.events.skip(id: standup.id, occurrence: at("2026-11-22T09:00:00-05:00"))
        for (title, target) in [
            ("Holiday", "2026-11-25T00:00:00-05:00"), ("Concert", "2026-12-05T00:00:00-05:00"),
            ("Birthday", "2026-12-01T00:00:00-05:00"), ("New year", "2027-01-01T00:00:00-05:00"),
            ("Last trip", "2026-11-01T00:00:00-05:00"),
        ] {
            _ = try await scope.trackers.create(
                .init(title: title, targetDate: at(target), timeZoneID: zone, type: .till))
        }
        _ = try await scope.trackers.create(
            .init(title: "Quit sugar", targetDate: at("2026-10-01T00:00:00-05:00"), timeZoneID: zone, type: .since))
    }

    @Test func thePageShowsEveryTrackersToday() async throws {
        let fixture = try ServerFixture()
        try await seed(fixture.scope)
        try await fixture.test { client in
            let page = try await client.execute(uri: "/", method: .get).text
            for shown in [
                "Guitar", "Stretch", "Call mum", "20:00", "Pills", "Yoga", "18:30", "Holiday", "Birthday",
                "Concert", "Counting down", "How was your day?", "Log a pee now", "Pee events: 0",
            ] {
                #expect(page.contains(shown), "\(shown)")
            }
            for hidden in ["Chess", "Dentist", "Bins", "Standup", "Book club", "New year", "Last trip", "Quit sugar"] {
                #expect(!page.contains(hidden), "\(hidden)")
            }
            #expect(page.contains("aria-label=\"Done: Guitar\""))
            #expect(
                page.range(of: "Pills")!.lowerBound < page.range(of: "Yoga")!.lowerBound
                    && page.range(of: "Yoga")!.lowerBound < page.range(of: "Call mum")!.lowerBound,
                "the agenda is in time order")
            // Ticking a task and logging from Today come back to Today.
            let tick = try await client.form(
                "/skills/\(try #require(try await fixture.scope.skills.all().first { $0.name == "Guitar" }).id.text)/complete",
                ["date": "2026-11-22", "level": "full", "returnTo": "/"])
            #expect(tick.headers[.location] == "/")
            let logged = try await client.form("/bathroom/events", ["returnTo": "/"])
            #expect(logged.headers[.location] == "/")
            _ = try await fixture.scope.journal.save(on: ServerFixture.today, .init(notes: "Good day", moodRating: 4))
            let after = try await client.execute(uri: "/", method: .get).text
            #expect(after.contains("Pee events: 1") && after.contains("Today's entry is written"))
        }
    }

    @Test func theAPIAndTheOverviewSayTheSame() async throws {
        let fixture = try ServerFixture()
        try await seed(fixture.scope)
        try await fixture.test { client in
            let today = try await client.json(.get, "/api/v1/today").decoded()
            let tasks = try #require(today["tasks"] as? [[String: Any]])
            #expect(Set(tasks.compactMap { $0["name"] as? String }) == ["Guitar", "Stretch"])
            #expect(tasks.allSatisfy { $0["level"] as? String == "none" && $0["isDue"] as? Bool == true })
            let titles = { (key: String) in (today[key] as? [[String: Any]])?.compactMap { $0["title"] as? String } }
            #expect(titles("reminders") == ["Pills", "Call mum"])
            #expect(titles("events") == ["Yoga"])
            #expect(titles("countdowns") == ["Holiday", "Birthday", "Concert"])
            #expect((today["countdowns"] as? [[String: Any]])?.first?["when"] as? String == "in 3 days")
            #expect((today["journal"] as? [String: Any])?["written"] as? Bool == false)
            #expect(today["bathroomCount"] as? Int == 0)
        }
    }
}
