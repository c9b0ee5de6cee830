import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@Suite struct WaterWebTests {
    @Test func presetPostAddsAndOffersUndo() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let home = try await client.execute(uri: "/water", method: .get)
            #expect(home.text.contains(#"aria-label="Add 250 ml""#) && home.text.contains(#"aria-label="Add 500 ml""#))
            // The custom amount takes the focus only when the quick action put an amount in it.
            #expect(!home.text.contains("autofocus"))
            let asked = try await client.execute(uri: "/water?amount=first", method: .get).text
            #expect(asked.contains(#"value="250""#) && asked.contains(" autofocus>"))
            let posted = try await client.form("/water/entries", ["amount": "250ml"])
            #expect(posted.status == .seeOther)
            let location = try #require(posted.headers[.location])
            #expect(location.hasPrefix("/water?added="))
            let after = try await client.execute(uri: location, method: .get)
            #expect(after.text.contains("Added 250 ml") && after.text.contains(#"data-percent="12""#))
            let id = String(location.dropFirst("/water?added=".count))
            #expect(try await client.form("/water/undo", ["id": id]).status == .seeOther)
            #expect(try await client.execute(uri: "/water", method: .get).text.contains(#"data-percent="0""#))
        }
    }

    @Test func badAmountsShowTheMessageAndStoreNothing() async throws {
        let fixture = try ServerFixture()
        let before = try await fixture.snapshot()
        try await fixture.test { client in
            for amount in ["0", "-50", "6000", "5 cups", ""] {
                let response = try await client.form("/water/entries", ["amount": amount])
                #expect(response.status == .badRequest)
                #expect(response.text.contains("error-banner"))
            }
            let settings = try await client.form(
                "/water/settings", ["goal": "0", "unit": "oz", "preset0": "250", "preset1": "500"])
            #expect(settings.status == .badRequest)
            #expect(WebTests.banner(settings.text) == "Daily goal: must be more than 0 (got 0 ml)")
        }
        #expect(try await fixture.snapshot() == before)
    }

    @Test func settingsSaveGoalUnitAndReorderPresets() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let saved = try await client.form(
                "/water/settings",
                [
                    "goal": "2500", "unit": "ml", "preset0": "250", "preset1": "500", "preset2": "750", "moveUp": "2",
                    "step": "50",
                ])
            #expect(saved.status == .seeOther)
        }
        let water = try await fixture.scope.settings.current().water
        #expect(water.presetsML == [250, 750, 500])
        #expect(try await fixture.scope.water.currentGoal() == 2_500)
    }

    /// The form has every field: a weekly or monthly goal field left empty takes that goal away (the
    /// draft's "keep" is a period left out, which the page never does).
    @Test func anEmptyWeeklyGoalFieldTakesTheGoalAway() async throws {
        let fixture = try ServerFixture()
        _ = try await fixture.scope.water.setGoal(.week, millilitres: 14_000)
        _ = try await fixture.scope.water.setGoal(.month, millilitres: 60_000)
        try await fixture.test { client in
            let saved = try await client.form(
                "/water/settings",
                [
                    "goal": "2500", "unit": "ml", "preset0": "250", "preset1": "500", "weekGoal": "",
                    "monthGoal": "60000",
                ])
            #expect(saved.status == .seeOther, "\(WebTests.banner(saved.text) ?? "")")
        }
        #expect(try await fixture.scope.water.currentGoal(.week) == nil)
        #expect(try await fixture.scope.water.currentGoal(.month) == 60_000)
    }

    @Test func statsCalendarTodayAndShareRender() async throws {
        let fixture = try ServerFixture()
        _ = try await fixture.scope.water.log(amountML: 2_000, source: .cli)
        try await fixture.test { client in
            let stats = try await client.execute(uri: "/water/stats", method: .get)
            #expect(
                stats.status == .ok && stats.text.contains("Current streak")
                    && stats.text.contains("<svg class=\"chart\""))
            let calendar = try await client.execute(uri: "/water/calendar?month=2026-11", method: .get)
            #expect(calendar.text.contains(#"data-date="2026-11-22" data-percent="100""#))
            #expect(try await client.execute(uri: "/water/calendar?month=2026-1", method: .get).status == .badRequest)
            let today = try await client.execute(uri: "/", method: .get)
            #expect(today.text.contains("Pee events: 0") && today.text.contains("water-ring"))
            let card = try await client.execute(uri: "/water/share/day/2026-11-22.svg", method: .get)
            #expect(card.headers[.contentType]?.hasPrefix("image/svg+xml") == true && card.text.contains("Goal met!"))
        }
    }
}
