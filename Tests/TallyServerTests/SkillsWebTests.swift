import Foundation
import Hummingbird
import HummingbirdTesting
import TallyCore
import Testing

@Suite struct SkillsWebTests {
    @Test func homeQuickAddCompleteRoutineAndProgressViews() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let empty = try await client.execute(uri: "/skills", method: .get)
            #expect(empty.text.contains("Good Morning") && empty.text.contains("Nov 16 - 22"))
            #expect(empty.text.contains("No skills yet"))
            #expect(try await client.form("/skills/quick", ["name": "Guitar"]).status == .seeOther)
            let home = try await client.execute(uri: "/skills", method: .get).text
            #expect(home.contains(#"data-skill="Guitar" data-level="none""#))
            let id = try await fixture.scope.skills.find("Guitar").id
            let done = try await client.form(
                "/skills/\(id)/complete", ["level": "partial", "date": "2026-11-22", "returnTo": "/skills"])
            #expect(done.status == .seeOther && done.headers[.location] == "/skills")
            #expect(try await client.execute(uri: "/skills", method: .get).text.contains(#"data-level="partial""#))
            #expect(
                try await client.form("/skills/routine", ["habit": "stretch", "level": "full"]).status == .seeOther)
            let after = try await client.execute(uri: "/skills", method: .get).text
            #expect(after.contains(#"data-habit="stretch" data-level="full""#))
            for view in ["week", "month", "year"] {
                let page = try await client.execute(uri: "/skills/progress?view=\(view)", method: .get)
                #expect(page.status == .ok && page.text.contains(#"id="\#(view)-view""#))
            }
            let progress = try await client.execute(uri: "/skills/progress", method: .get).text
            #expect(progress.contains(#"data-date="2026-11-22""#) && progress.contains("heat-cell heat-2"))
            #expect(try await client.execute(uri: "/skills/progress?view=decade", method: .get).status == .badRequest)
        }
    }

    @Test func addFormBuildsTheFrequencyAndShowsErrorsWithoutStoring() async throws {
        let fixture = try ServerFixture()
        let before = try await fixture.snapshot()
        try await fixture.test { client in
            for fields in [
                ["name": "", "freq": "daily"], ["name": "Swim", "freq": "weekly", "perWeek": "8"],
                ["name": "Swim", "freq": "weekly", "perWeek": "0"], ["name": "Swim", "category": "Cooking"],
                ["name": "Swim", "start": "2026-11-10", "end": "2026-11-01"],
                ["name": String(repeating: "a", count: 500)],
            ] {
                let response = try await client.form("/skills", fields)
                #expect(response.status == .badRequest && response.text.contains("error-banner"), "\(fields)")
            }
        }
        #expect(try await fixture.snapshot() == before)
        try await fixture.test { client in
            let created = try await client.form(
                "/skills",
                [
                    "name": "Piano", "category": "learning", "freq": "weekdays", "wd1": "on", "wd4": "on", "days": "30",
                    "rollover": "on",
                ])
            #expect(created.status == .seeOther)
        }
        let piano = try await fixture.scope.skills.find("Piano")
        #expect(piano.frequency == .weekdays([1, 4]) && piano.fields.rollover && piano.fields.challengeDays == 30)
    }
}
