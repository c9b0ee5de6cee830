import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@Suite struct WaterAPITests {
    @Test func createReadUpdateDeleteAndUndo() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let created = try await client.json(
                .post, "/api/v1/water/entries", #"{"amountMl":250,"at":"2026-11-22T08:30:00-05:00"}"#)
            #expect(created.status == .created)
            let entry = try created.decoded()
            let id = try #require(entry["id"] as? String)
            #expect(entry["source"] as? String == "api" && entry["localTime"] as? String == "08:30")

            let ounces = try await client.json(.post, "/api/v1/water/entries", #"{"amount":"8oz","drinkKind":"Tea"}"#)
            #expect(try ounces.decoded()["amountMl"] as? Double == 236.59)

            let updated = try await client.json(.put, "/api/v1/water/entries/\(id)", #"{"amountMl":300}"#)
            #expect(try updated.decoded()["amountMl"] as? Double == 300)
            #expect(try updated.decoded()["localTime"] as? String == "08:30")

            let day = try await client.json(.get, "/api/v1/water/days/2026-11-22").decoded()
            #expect(day["totalMl"] as? Double == 536.59 && day["goalMl"] as? Double == 2_000)
            #expect(day["goalMet"] as? Bool == false && day["unit"] as? String == "ml")

            let undone = try await client.json(.post, "/api/v1/water/undo").decoded()
            #expect(undone["drinkKind"] as? String == "Tea")
            #expect(try await client.json(.delete, "/api/v1/water/entries/\(id)").status == .noContent)
            #expect(try await client.json(.get, "/api/v1/water/entries/\(id)").status == .notFound)
            let empty = try await client.json(.get, "/api/v1/water/entries").decoded()
            #expect(empty["count"] as? Int == 0 && empty["next"] == nil)
            #expect(try await client.json(.post, "/api/v1/water/undo").status == .badRequest)
            // A page at a time: the day's count and total whole, `next` to go on.
            for amount in [100, 200, 300] {
                _ = try await client.json(.post, "/api/v1/water/entries", #"{"amountMl":\#(amount)}"#)
            }
            let first = try await client.json(.get, "/api/v1/water/entries?limit=2").decoded()
            #expect(first["count"] as? Int == 3 && first["totalMl"] as? Double == 600)
            #expect((first["entries"] as? [Any])?.count == 2)
            let next = try #require(first["next"] as? String)
            let last = try await client.json(.get, "/api/v1/water/entries?limit=2&before=\(next)").decoded()
            #expect((last["entries"] as? [Any])?.count == 1 && last["next"] == nil)
        }
    }

    @Test(
        "bad input is a 400 naming the problem, and nothing stored changes",
        arguments: [
            ("POST", "/api/v1/water/entries", #"{"amountMl":0}"#, "amount"),
            ("POST", "/api/v1/water/entries", #"{"amountMl":-250}"#, "more than 0"),
            ("POST", "/api/v1/water/entries", #"{"amountMl":5001}"#, "5 litres"),
            ("POST", "/api/v1/water/entries", #"{"amount":"2 cups"}"#, "not a unit"),
            ("POST", "/api/v1/water/entries", #"{"amount":"8oz","amountMl":250}"#, "not both"),
            ("POST", "/api/v1/water/entries", #"{}"#, "amountMl"),
            ("PATCH", "/api/v1/water/settings", #"{"goalMl":0,"unit":"oz"}"#, "goalMl"),
            ("PATCH", "/api/v1/water/settings", #"{"presetsMl":[250]}"#, "2 to 4"),
            ("PATCH", "/api/v1/water/settings", #"{"unit":"cups"}"#, "unit"),
            // Amounts past what an Int holds once ended the process while the refusal was being written.
            ("POST", "/api/v1/water/entries", #"{"amountMl":1e19}"#, "1e+19 ml is more than 5 litres"),
            ("POST", "/api/v1/water/entries", #"{"amountMl":-1e19}"#, "must be more than 0 (got -1e+19 ml)"),
            ("POST", "/api/v1/water/entries", #"{"amountMl":9.3e18}"#, "more than 5 litres"),
            ("POST", "/api/v1/water/entries", #"{"amount":"9999999999999999999999999ml"}"#, "more than 5 litres"),
            ("POST", "/api/v1/water/entries", #"{"amountMl":1e308}"#, "more than 5 litres"),
            ("PATCH", "/api/v1/water/settings", #"{"goalMl":1e300}"#, "more than 20 litres"),
            ("PATCH", "/api/v1/water/settings", #"{"presetsMl":[1e300,250]}"#, "more than 5 litres"),
            ("GET", "/api/v1/water/calendar/2026-13", "", "month"),
            ("GET", "/api/v1/water/range?from=2026-11-22&to=2026-11-01", "", "after"),
            ("GET", "/api/v1/water/days/yesterday", "", "day"),
            ("GET", "/api/v1/water/entries?limit=0", "", "0 is not from 1 to 1000"),
            ("GET", "/api/v1/water/entries?limit=100000", "", "limit"),
            ("GET", "/api/v1/water/entries?before=yesterday", "", "not where a page ended"),
            ("GET", "/api/v1/bathroom/events?limit=-1", "", "limit"),
            ("GET", "/api/v1/bathroom/events?before=1.2", "", "before"),
        ])
    func badInput(method: String, uri: String, body: String, message: String) async throws {
        let fixture = try ServerFixture()
        _ = try await fixture.scope.water.log(amountML: 400, source: .web)
        let before = try await fixture.snapshot()
        try await fixture.test { client in
            let response = try await client.json(
                HTTPRequest.Method(method)!, uri, body.isEmpty ? nil : body)
            #expect(response.status == .badRequest, "\(method) \(uri): \(response.text)")
            #expect(response.text.contains(message), "\(response.text)")
        }
        #expect(try await fixture.snapshot() == before)
    }

    @Test func statsRangeCalendarSettingsAndToday() async throws {
        let fixture = try ServerFixture()
        let water = fixture.scope.water
        for offset in 0..<3 {
            let at = ServerFixture.now.addingTimeInterval(-86_400 * Double(offset))
            _ = try await water.log(amountML: 2_000, at: at, source: .cli)
        }
        _ = try await fixture.scope.bathroom.log()
        try await fixture.test { client in
            let stats = try await client.json(.get, "/api/v1/water/stats").decoded()
            #expect(stats["currentStreak"] as? Int == 3 && stats["totalMl"] as? Double == 6_000)
            #expect((stats["weekly"] as? [Any])?.count == 12 && (stats["monthly"] as? [Any])?.count == 12)

            let range = try await client.json(.get, "/api/v1/water/range?from=2026-11-16&to=2026-11-22").decoded()
            #expect(range["daysMet"] as? Int == 3 && (range["days"] as? [Any])?.count == 7)

            let month = try await client.json(.get, "/api/v1/water/calendar/2026-11").decoded()
            #expect(month["daysMet"] as? Int == 3 && (month["days"] as? [Any])?.count == 30)

            let settings = try await client.json(
                .patch, "/api/v1/water/settings", #"{"goalMl":2500,"unit":"oz","presetsMl":[500,250,750]}"#
            ).decoded()
            #expect(settings["goalMl"] as? Double == 2_500 && settings["unit"] as? String == "oz")
            #expect(settings["presetsMl"] as? [Double] == [500, 250, 750])
            #expect(settings["shareEnabled"] as? Bool == false)

            let today = try await client.json(.get, "/api/v1/today").decoded()
            #expect(today["bathroomCount"] as? Int == 1)
            let waterToday = try #require(today["water"] as? [String: Any])
            #expect(waterToday["goalMl"] as? Double == 2_500 && waterToday["totalMl"] as? Double == 2_000)
        }
    }

    @Test func theShareLinkIsOffByDefaultAndShowsOnlyTheCards() async throws {
        let fixture = try ServerFixture()
        _ = try await fixture.scope.water.log(amountML: 1_000, drinkKind: "secret-drink", source: .web)
        try await fixture.test { client in
            let settings = try await client.json(.patch, "/api/v1/water/settings", #"{"shareEnabled":true}"#).decoded()
            let path = try #require(settings["sharePath"] as? String)
            let page = try await client.execute(uri: path, method: .get)
            #expect(page.status == .ok && page.text.contains("50% of today"))
            #expect(!page.text.contains("secret-drink") && !page.text.contains("href=\"/water"))
            // Link previews in chat apps show the same summary, and nothing more.
            #expect(page.text.contains(#"<meta property="og:title" content="Water progress">"#))
            #expect(page.text.contains(#"<meta property="og:description" content="50% of today"#))
            #expect(
                page.text.contains(#"<meta property="og:url" content="http://"#) && page.text.contains(path + "\">"))
            let card = try await client.execute(uri: path + "/today.svg", method: .get)
            #expect(card.headers[.contentType]?.hasPrefix("image/svg+xml") == true && card.text.contains("50%"))
            _ = try await client.json(.patch, "/api/v1/water/settings", #"{"shareEnabled":false}"#)
            #expect(try await client.execute(uri: path, method: .get).status == .notFound)
            #expect(try await client.execute(uri: path + "/today.svg", method: .get).status == .notFound)
            #expect(
                try await client.execute(uri: "/shared/" + String(repeating: "0", count: 32), method: .get).status
                    == .notFound)
        }
    }
}
