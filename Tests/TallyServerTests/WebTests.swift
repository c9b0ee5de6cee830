import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@Suite struct WebTests {
    @Test func dashboardShowsTodaysCountAndEventsNewestFirst() async throws {
        let fixture = try ServerFixture()
        _ = try await fixture.scope.bathroom.log(at: ServerFixture.now.addingTimeInterval(-7200), note: "earlier")
        _ = try await fixture.scope.bathroom.log(note: "<script>alert(1)</script>")
        _ = try await fixture.scope.bathroom.log(at: ServerFixture.now.addingTimeInterval(-86_400), note: "yesterday")
        try await fixture.test { client in
            let page = try await client.execute(uri: "/bathroom", method: .get)
            #expect(page.status == .ok)
            #expect(page.text.contains("Pee events: 2"))
            #expect(page.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            #expect(!page.text.contains("<script>alert(1)"))
            #expect(!page.text.contains("yesterday"))
            let newest = try #require(page.text.range(of: "&lt;script&gt;"))
            let older = try #require(page.text.range(of: "earlier"))
            #expect(newest.lowerBound < older.lowerBound)
            #expect(page.text.contains(#"href="/bathroom/history""#))
            #expect(page.text.contains(#"aria-label="Log pee event""#))
        }
    }

    @Test func loggingThroughTheFormRedirectsToTheDashboard() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let posted = try await client.form(
                "/bathroom/events",
                ["at": "2026-11-22T09:15", "note": "form note", "volume": "280", "urgency": "2", "leak": "on"])
            #expect(posted.status == .seeOther)
            #expect(posted.headers[.location] == "/bathroom")
            let page = try await client.execute(uri: "/bathroom", method: .get)
            #expect(page.text.contains("Pee events: 1"))
            #expect(page.text.contains("09:15") && page.text.contains("form note") && page.text.contains("280 ml"))
        }
    }

    @Test func refusedFormKeepsWhatWasTypedAndNamesTheProblem() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let posted = try await client.form(
                "/bathroom/events", ["at": "2026-11-22T09:15", "note": "keep me", "volume": "-5"])
            #expect(posted.status == .badRequest)
            #expect(posted.text.contains("Volume: -5 ml is outside"))
            #expect(posted.text.contains("keep me"))
            let bad = try await client.form("/bathroom/events", ["at": "soon"])
            #expect(bad.status == .badRequest && bad.text.contains("Time: &#39;soon&#39; is not a time"))
        }
        #expect(try await fixture.scope.bathroom.today().events.isEmpty)
    }

    @Test func deletingFromTheDashboardHidesTheEvent() async throws {
        let fixture = try ServerFixture()
        let event = try await fixture.scope.bathroom.log(note: "to delete")
        try await fixture.test { client in
            let posted = try await client.form("/bathroom/events/\(event.id)/delete", ["returnTo": "/bathroom"])
            #expect(posted.status == .seeOther)
            let page = try await client.execute(uri: "/bathroom", method: .get)
            #expect(page.text.contains("Pee events: 0") && !page.text.contains("to delete"))
            let again = try await client.form("/bathroom/events/\(event.id)/delete", [:])
            #expect(again.status == .notFound)
            for target in ["//evil.example", "/\t/evil.example", "https://evil.example", "/\\evil.example"] {
                let posted = try await client.form("/bathroom/events", ["at": "2026-11-22T09:00", "returnTo": target])
                #expect(posted.headers[.location] == "/bathroom", "\(target)")
            }
        }
    }

    @Test func historyGroupsByDayNewestFirst() async throws {
        let fixture = try ServerFixture()
        _ = try await fixture.scope.bathroom.log(
            at: ServerFixture.now.addingTimeInterval(-3 * 86_400), note: "older one")
        _ = try await fixture.scope.bathroom.log(note: "today's")
        try await fixture.test { client in
            let page = try await client.execute(uri: "/bathroom/history", method: .get)
            #expect(page.status == .ok)
            let today = try #require(page.text.range(of: "Today · Sunday, 22 November 2026"))
            let older = try #require(page.text.range(of: "Thursday, 19 November 2026"))
            #expect(today.lowerBound < older.lowerBound)
            #expect(page.text.contains("older one"))
            let far = try await client.execute(uri: "/bathroom/history?page=9223372036854775807", method: .get)
            #expect(far.status == .ok && far.text.contains("Newer"))
        }
    }

    @Test func diaryReportRendersWithoutNavigationAndSettingsKeepTheBirthYear() async throws {
        let fixture = try ServerFixture()
        _ = try await fixture.scope.bathroom.log(volumeML: 250)
        try await fixture.test { client in
            let saved = try await client.form(
                "/settings",
                ["timeZone": "", "dayStart": "00:00", "bedtime": "23:00", "wakeTime": "07:00", "birthYear": "1958"])
            #expect(saved.status == .seeOther)
            #expect(try await fixture.scope.settings.current().birthYear == 1958)
            let report = try await client.execute(
                uri: "/bathroom/diary/report?from=2026-11-20&to=2026-11-22", method: .get)
            #expect(report.status == .ok)
            #expect(report.text.contains("Bladder diary report") && report.text.contains("Nocturnal polyuria index"))
            #expect(!report.text.contains("class=\"tabs\""))
            let bad = try await client.execute(
                uri: "/bathroom/diary/report?from=2026-11-22&to=2026-11-20", method: .get)
            #expect(bad.status == .badRequest)
            let wrong = try await client.form(
                "/settings",
                ["timeZone": "", "dayStart": "00:00", "bedtime": "23:00", "wakeTime": "07:00", "birthYear": "58"])
            #expect(wrong.status == .badRequest && wrong.text.contains("not a year such as 1958"))
        }
    }

    @Test func diaryAndSettingsPagesRender() async throws {
        let fixture = try ServerFixture()
        _ = try await fixture.scope.bathroom.log(volumeML: 250)
        try await fixture.test { client in
            let diary = try await client.execute(uri: "/bathroom/diary?from=2026-11-20&to=2026-11-22", method: .get)
            #expect(diary.status == .ok)
            #expect(diary.text.contains("Voids per day") && diary.text.contains("250 ml"))
            #expect(try await client.execute(uri: "/bathroom/diary?from=yesterday", method: .get).status == .badRequest)
            let saved = try await client.form(
                "/settings",
                ["timeZone": "Europe/Berlin", "dayStart": "04:00", "bedtime": "22:00", "wakeTime": "06:30"])
            #expect(saved.status == .seeOther)
            let settings = try await client.execute(uri: "/settings", method: .get)
            #expect(settings.text.contains(#"<option value="Europe/Berlin" selected>"#))
            let refused = try await client.form("/settings", ["dayStart": "25:00"])
            #expect(refused.status == .badRequest)
            #expect(WebTests.banner(refused.text)?.contains("'25:00'") == true, "\(refused.text)")
        }
    }

    /// The text of a page's error banner, if it shows one.
    static func banner(_ html: String) -> String? {
        guard let start = html.range(of: #"<p class="error-banner" role="alert">"#),
            let end = html[start.upperBound...].range(of: "</p>")
        else { return nil }
        return String(html[start.upperBound..<end.lowerBound])
            .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&apos;", with: "'")
    }

    @Test func unknownPagesAndStaticFiles() async throws {
        try await ServerFixture().test { client in
            #expect(try await client.execute(uri: "/nowhere", method: .get).status == .notFound)
            let css = try await client.execute(uri: "/static/app.css", method: .get)
            #expect(css.status == .ok && css.headers[.contentType] == "text/css; charset=utf-8")
            #expect(try await client.execute(uri: "/static/app.js", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/", method: .get).text.contains("<h1>Today</h1>"))
        }
    }
}
