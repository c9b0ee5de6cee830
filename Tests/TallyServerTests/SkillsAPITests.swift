import Foundation
import Hummingbird
import HummingbirdTesting
import TallyCore
import Testing

@Suite struct SkillsAPITests {
    @Test func createCompleteAndReadTheDayWeekMonthYearAndProgress() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let created = try await client.json(
                .post, "/api/v1/skills",
                #"{"name":"Piano","category":"Creative Skills","frequency":"mon,thu","start":"2026-11-16","rollover":true}"#
            )
            #expect(created.status == .created, "\(created.text)")
            let piano = try created.decoded()
            let id = try #require(piano["id"] as? String)
            #expect(
                piano["category"] as? String == "creative-skills" && piano["frequencyLabel"] as? String == "Mon, Thu")
            let run = try await client.json(.post, "/api/v1/skills", #"{"name":"Run","frequency":"daily","days":30}"#)
            #expect(try run.decoded()["endDay"] as? String == "2026-12-21")

            // Sunday 22 November: Piano's Thursday was missed, so it rolls over; Run is due.
            let day = try await client.json(.get, "/api/v1/skills/day").decoded()
            let tasks = try #require(day["tasks"] as? [[String: Any]])
            #expect(tasks.map { $0["name"] as? String } == ["Run", "Piano"])
            #expect(tasks[1]["rolledOverFrom"] as? String == "2026-11-19" && tasks[1]["due"] as? Bool == false)

            let done = try await client.json(.post, "/api/v1/skills/\(id)/completions", #"{"level":"partial"}"#)
            #expect(try done.decoded()["level"] as? String == "partial" && done.status == .ok)
            _ = try await client.json(
                .post, "/api/v1/skills/\(id)/completions", #"{"level":"full","date":"2026-11-16"}"#)

            let week = try await client.json(.get, "/api/v1/skills/week?date=2026-11-18").decoded()
            #expect(week["label"] as? String == "Nov 16 - 22")
            // Piano Mon full, Thu missed, Sun partial (carried); Run starts today (Sunday) and is not done
            // yet: not missed before the day is over.
            let total = try #require(week["total"] as? [String: Any])
            #expect(total["tasks"] as? Int == 3 && total["full"] as? Int == 1 && total["partial"] as? Int == 1)
            let month = try await client.json(.get, "/api/v1/skills/month/2026-11").decoded()
            #expect((month["days"] as? [Any])?.count == 30 && month["label"] as? String == "Nov 2026")
            let year = try await client.json(.get, "/api/v1/skills/year/2026").decoded()
            #expect((year["months"] as? [Any])?.count == 12)
            let progress = try await client.json(.get, "/api/v1/skills/progress").decoded()
            #expect((progress["total"] as? [String: Any])?["percent"] as? Int == 50)  // 1.5 of 3
            #expect((progress["heatmap"] as? [[String: Any]])?.last?["day"] as? String == "2026-11-22")

            let archived = try await client.json(.post, "/api/v1/skills/\(id)/archive").decoded()
            #expect(archived["archived"] as? Bool == true)
            #expect(try await client.json(.delete, "/api/v1/skills/\(id)").status == .noContent)
            #expect(try await client.json(.get, "/api/v1/skills/\(id)").status == .notFound)
        }
    }

    @Test func routineAndMoments() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let set = try await client.json(.put, "/api/v1/routine/stretch", #"{"level":"partial"}"#)
            #expect(set.status == .ok)
            let routine = try await client.json(.get, "/api/v1/routine").decoded()
            let habits = try #require(routine["habits"] as? [[String: Any]])
            #expect(habits.map { $0["level"] as? String } == ["none", "partial", "none", "none"])
            let moment = try await client.json(
                .post, "/api/v1/moments", #"{"title":"First 5k","category":"achievement","date":"2026-11-20"}"#)
            #expect(moment.status == .created)
            _ = try await client.json(.post, "/api/v1/moments", #"{"title":"Calm","category":"personal"}"#)
            let filtered = try await client.json(.get, "/api/v1/moments?category=achievement").text
            #expect(filtered.contains("First 5k") && !filtered.contains("Calm"))
            let ranged = try await client.json(.get, "/api/v1/moments?from=2026-11-21&to=2026-11-22").text
            #expect(ranged.contains("Calm") && !ranged.contains("First 5k"))
        }
    }

    @Test(
        "bad input is a 400 naming the field, and nothing stored changes",
        arguments: [
            ("POST", "/api/v1/skills", #"{"name":""}"#, "name: must not be empty"),
            ("POST", "/api/v1/skills", #"{"name":"\#(String(repeating: "a", count: 500))"}"#, "at most 100"),
            ("POST", "/api/v1/skills", #"{"name":"Swim","frequency":"0/week"}"#, "frequency"),
            ("POST", "/api/v1/skills", #"{"name":"Swim","frequency":"8/week"}"#, "frequency"),
            ("POST", "/api/v1/skills", #"{"name":"Swim","start":"2026-11-10","end":"2026-11-01"}"#, "end"),
            ("POST", "/api/v1/skills", #"{"name":"Swim","category":"Cooking"}"#, "category"),
            ("POST", "/api/v1/skills", #"{"name":"Swim","days":0}"#, "days"),
            ("PUT", "/api/v1/routine/jog", #"{"level":"full"}"#, "habit"),
            ("PUT", "/api/v1/routine/read", #"{"level":"full","date":"2026-11-23"}"#, "future"),
            ("POST", "/api/v1/moments", #"{"title":" ","category":"milestone"}"#, "title"),
            ("POST", "/api/v1/moments", #"{"title":"X","category":"party"}"#, "category"),
            ("GET", "/api/v1/moments?from=2026-11-10&to=2026-11-01", "", "before"),
            ("GET", "/api/v1/skills/month/2026-13", "", "month"),
        ])
    func badInput(method: String, uri: String, body: String, message: String) async throws {
        let fixture = try ServerFixture()
        _ = try await fixture.scope.skills.add(.init(name: "Run"))
        let before = try await fixture.snapshot()
        try await fixture.test { client in
            let response = try await client.json(HTTPRequest.Method(method)!, uri, body.isEmpty ? nil : body)
            #expect(response.status == .badRequest, "\(method) \(uri): \(response.text)")
            #expect(response.text.contains(message), "\(response.text)")
        }
        #expect(try await fixture.snapshot() == before)
    }
}
