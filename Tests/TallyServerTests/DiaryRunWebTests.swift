import Foundation
import HummingbirdTesting
import TallyCore
import TallyServices
import Testing

@testable import TallyServer

/// A 3-day diary kept from the diary page and the API: started, shown as "Day 1 of 3" on the diary page
/// and Today, stopped early with its report opening on its days; bad input named, nothing lost.
@Suite struct DiaryRunWebTests {
    @Test func startedOnThePageShowsOnTodayAndStopsEarlyIntoItsReport() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let empty = try await client.execute(uri: "/bathroom/diary", method: .get).text
            #expect(empty.contains("Start a 3-day diary") && !empty.contains("diary-run-progress"))
            let started = try await client.form("/bathroom/diary/run", ["from": "2026-11-21", "days": "3"])
            #expect(started.status == .seeOther || started.status == .found)
            try await client.logVolumes([("2026-11-21T08:00:00-05:00", 250), ("2026-11-22T07:30:00-05:00", 400)])
            let page = try await client.execute(uri: "/bathroom/diary", method: .get).text
            // Opened on the diary's days while it is kept; the morning void of the 22nd closed the 21st.
            #expect(page.contains("Day 2 of 3 · 2 voids measured"))
            #expect(page.contains("value=\"2026-11-21\"") && page.contains("value=\"2026-11-23\""))
            #expect(page.contains("Stop early") && !page.contains("diary-run-start"))
            let today = try await client.execute(uri: "/", method: .get).text
            #expect(today.contains("Bladder diary: Day 2 of 3 · 2 voids measured"))

            _ = try await client.form("/bathroom/diary/run/stop", [:])
            let stopped = try await client.execute(uri: "/bathroom/diary", method: .get).text
            #expect(stopped.contains("Diary stopped after 2 days: open the report"))
            #expect(stopped.contains("href=\"/bathroom/diary/report?from=2026-11-21&amp;to=2026-11-22\""))
            #expect(stopped.contains("Put it away") && stopped.contains("diary-run-start"))
            let settings = try await fixture.scope.settings.current()
            #expect(settings.diaryRun?.description == "2026-11-21..2026-11-22 stopped")
        }
    }

    func instant(_ text: String) -> Date { TimeInput.parseISO(text, zone: TimeZone.gmt)! }

    /// Got up at 05:30 on day 2 and marked it: from then on the diary shows day 2, before the usual 07:00,
    /// and its reminder to note getting up that morning is not sent.
    @Test func gettingUpMarkedEarlyBeginsTheDayAndSilencesItsReminder() async throws {
        let fixture = try ServerFixture()
        let clock = MutableClock(instant("2026-11-22T05:20:00-05:00"))
        let scope = UserScope(
            store: fixture.store, owner: fixture.scope.owner, clock: clock, machineZone: fixture.scope.machineZone)
        try await scope.diaryRun.start(DiaryRunDraft(from: "2026-11-21"))
        let notifications = NotificationService(scope: scope, store: fixture.store)
        let wakeReminder = instant("2026-11-22T07:00:00-05:00")
        #expect(try await scope.diaryRun.progress()?.day == 1)
        #expect(try await notifications.upcoming().first { $0.kind == .diary }?.due == wakeReminder)

        clock.advance(by: 10 * 60)
        try await scope.sleepMarks.mark(SleepMarkDraft(kind: .wake))
        #expect(try await scope.diaryRun.progress()?.headline == "Day 2 of 3 · 0 voids measured")
        let upcoming = try await notifications.upcoming().filter { $0.kind == .diary }
        #expect(upcoming.first?.due == instant("2026-11-22T23:00:00-05:00"))
        #expect(!upcoming.contains { $0.due == wakeReminder })
    }

    @Test func aBadStartIsNamedAndKeepsTheDiaryBefore() async throws {
        let fixture = try ServerFixture()
        try await fixture.scope.diaryRun.start(DiaryRunDraft())
        try await fixture.test { client in
            let answer = try await client.form("/bathroom/diary/run", ["from": "21 November", "days": "3"])
            #expect(answer.status == .badRequest && answer.text.contains("From: "))
            let many = try await client.form("/bathroom/diary/run", ["from": "", "days": "40"])
            #expect(many.status == .badRequest && many.text.contains("a diary lasts 1 to 14 days"))
        }
        #expect(try await fixture.scope.settings.current().diaryRun?.from == LocalDay("2026-11-22"))
    }

    @Test func theAPIStartsReadsAndStopsTheSameDiary() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let none = try await client.json(.get, "/api/v1/bathroom/diary/run").decoded()
            #expect(none["started"] as? Bool == false && none["from"] == nil)
            let started = try await client.json(.post, "/api/v1/bathroom/diary/run", #"{"from":"2026-11-22"}"#)
            #expect(started.status == .ok)
            let run = try started.decoded()
            #expect(run["from"] as? String == "2026-11-22" && run["to"] as? String == "2026-11-24")
            #expect(run["phase"] as? String == "keeping" && run["day"] as? Int == 1)
            #expect(run["headline"] as? String == "Day 1 of 3 · 0 voids measured")
            let bad = try await client.json(.post, "/api/v1/bathroom/diary/run", #"{"from":"2026-11-22","days":0}"#)
            #expect(bad.status == .badRequest)
            // An empty day is no day (schemathesis sent one): refused, not read as today.
            let empty = try await client.json(.post, "/api/v1/bathroom/diary/run", #"{"from":""}"#)
            #expect(empty.status == .badRequest && empty.text.contains("from"))
            // The diary's reminders are planned among the person's notifications.
            let upcoming = try await client.json(.get, "/api/v1/notifications/upcoming").text
            #expect(upcoming.contains("Bladder diary, day 1 of 3"))
            let stopped = try await client.json(.delete, "/api/v1/bathroom/diary/run").decoded()
            #expect(stopped["stopped"] as? Bool == true && stopped["to"] as? String == "2026-11-22")
            #expect(try await client.json(.delete, "/api/v1/bathroom/diary/run").decoded()["started"] as? Bool == false)
            #expect(try await client.json(.delete, "/api/v1/bathroom/diary/run").status == .conflict)
        }
    }

    @Test func marksSetOnThePageAndThroughTheAPIMoveTheReportsNight() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            try await client.logVolumes([
                ("2026-11-20T08:00:00-05:00", 300), ("2026-11-20T23:30:00-05:00", 200),
                ("2026-11-21T07:30:00-05:00", 400),
            ])
            let report = "/api/v1/bathroom/diary/report?from=2026-11-20&to=2026-11-20"
            let before = try #require(
                (try await client.json(.get, report).decoded()["days"] as? [[String: Any]])?.first)
            #expect(before["nightFrequency"] as? Int == 1)
            // The page's day row: to bed at 00:15 (after midnight, so on the 21st), up at 07:00.
            let saved = try await client.form(
                "/bathroom/diary/marks", ["day": "2026-11-20", "wake": "", "bed": "00:15", "from": "2026-11-19"])
            #expect(saved.headers[.location] == "/bathroom/diary?from=2026-11-19&to=2026-11-20")
            let after = try #require((try await client.json(.get, report).decoded()["days"] as? [[String: Any]])?.first)
            #expect(after["nightFrequency"] as? Int == 0 && after["dayFrequency"] as? Int == 2)
            let page = try await client.execute(uri: "/bathroom/diary?from=2026-11-20&to=2026-11-20", method: .get).text
            #expect(page.contains("name=\"bed\" value=\"00:15\""))

            let marked = try await client.json(
                .post, "/api/v1/bathroom/diary/marks", #"{"kind":"wake","day":"2026-11-21","time":"07:20"}"#)
            #expect(marked.status == .ok)
            #expect(try marked.decoded()["localTime"] as? String == "2026-11-21T07:20")
            let list = try await client.json(.get, "/api/v1/bathroom/diary/marks?from=2026-11-20&to=2026-11-21")
            let kinds = (try list.decoded()["marks"] as? [[String: Any]])?.compactMap { $0["kind"] as? String }
            #expect(kinds == ["bed", "wake"])
            let late = try await client.json(.post, "/api/v1/bathroom/diary/marks", #"{"kind":"wake","time":"later"}"#)
            #expect(late.status == .badRequest && late.text.contains("time"))
            #expect(try await client.json(.delete, "/api/v1/bathroom/diary/marks/2026-11-20/bed").status == .noContent)
            #expect(try await client.json(.delete, "/api/v1/bathroom/diary/marks/2026-11-20/bed").status == .notFound)
            let emptied = try await client.json(.get, report).decoded()
            #expect((emptied["days"] as? [[String: Any]])?.first?["nightFrequency"] as? Int == 1)
        }
    }

    @Test("a day's marks saved unchanged from the page change nothing, set or empty")
    func marksSavedUnchangedChangeNothing() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            _ = try await client.form(
                "/bathroom/diary/marks", ["day": "2026-11-20", "wake": "06:45", "bed": "23:10", "from": "2026-11-20"])
            let page = try await client.execute(uri: "/bathroom/diary?from=2026-11-19&to=2026-11-20", method: .get).text
            #expect(page.contains("name=\"wake\" value=\"06:45\"") && page.contains("name=\"bed\" value=\"23:10\""))
            // The forms as the page shows them: one day with both marks, one with none.
            for (day, wake, bed) in [("2026-11-20", "06:45", "23:10"), ("2026-11-19", "", "")] {
                let before = try await fixture.snapshot()
                let saved = try await client.form(
                    "/bathroom/diary/marks",
                    ["day": day, "wake": wake, "bed": bed, "from": "2026-11-19", "to": "2026-11-20"])
                #expect(saved.status == .seeOther || saved.status == .found, "\(saved.text)")
                #expect(try await fixture.snapshot() == before, "saving \(day)'s marks unchanged changed the data")
            }
        }
    }
}
