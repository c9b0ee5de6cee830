import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TallyCore
import TallyServices
import Testing

@testable import TallyServer

/// Widgets at secret addresses: off until made, current on every load (a 304 while nothing changed),
/// presets that log through signed addresses only, and addresses that die when replaced or turned off.
@Suite struct WidgetWebTests {
    @Test func widgetsAreOffUntilMadeThenShowTodayAndChangeWithALog() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let off = try await client.execute(uri: "/settings/widgets", method: .get)
            #expect(off.text.contains("Make widget addresses") && !off.text.contains("/ring.svg"))
            let unknown = String(repeating: "a", count: 64)
            #expect(try await client.execute(uri: "/widget/\(unknown)/status.json", method: .get).status == .notFound)

            let made = try await client.form("/settings/widgets", ["action": "on"])
            #expect(made.headers[.location] == "/settings/widgets?done=on")
            let page = try await client.execute(uri: "/settings/widgets", method: .get).text
            let secret = try #require(try await fixture.store.widgetSecret(owner: fixture.scope.owner))
            #expect(page.contains("/widget/\(secret)/ring.svg") && page.contains("/widget/\(secret)/status.json"))
            // Each preset's signed address is there to copy for a button: the one the status JSON gives.
            let shown = page.matches(of: /value="[^"]*?(\/widget\/[^"]+\/add\?[^"]+)"/).map {
                String($0.1).replacingOccurrences(of: "&amp;", with: "&")
            }
            let listed = try Self.object(try await client.execute(uri: "/widget/\(secret)/status.json", method: .get))
            let adds = (listed["presets"] as? [[String: Any]])?.compactMap { $0["add"] as? String }
            #expect(shown.count == 2 && shown == adds, "\(shown)")
            #expect(page.contains("Add 250 ml") && page.contains("Add 500 ml"))
            #expect(page.contains("Buttons that log a preset"))

            let ring = try await client.execute(uri: "/widget/\(secret)/ring.svg", method: .get, headers: [:])
            #expect(ring.status == .ok && ring.headers[.contentType] == "image/svg+xml")
            #expect(ring.headers[.cacheControl] == "no-cache" && ring.text.contains(">0%<"))
            let tag = try #require(ring.headers[.eTag])
            let again = try await client.execute(
                uri: "/widget/\(secret)/ring.svg", method: .get, headers: [.ifNoneMatch: tag])
            #expect(again.status == .notModified)

            _ = try await fixture.scope.water.log(amountML: 500, source: .cli)
            _ = try await fixture.scope.bathroom.log()
            let changed = try await client.execute(
                uri: "/widget/\(secret)/ring.svg", method: .get, headers: [.ifNoneMatch: tag])
            #expect(changed.status == .ok && changed.text.contains(">25%<") && changed.headers[.eTag] != tag)
            let status = try Self.object(try await client.execute(uri: "/widget/\(secret)/status.json", method: .get))
            let water = try #require(status["water"] as? [String: Any])
            #expect(water["totalMl"] as? Double == 500 && water["goalMl"] as? Double == 2_000)
            #expect(water["percent"] as? Int == 25 && water["text"] as? String == "500 ml of 2,000 ml")
            #expect((status["bathroom"] as? [String: Any])?["count"] as? Int == 1)
            #expect(status["day"] as? String == "2026-11-22")
            #expect(status["week"] == nil)  // no weekly goal, no week
            // With a weekly goal the week comes too, and what today needs when the week asks more than the day.
            try await fixture.scope.water.setGoal(.week, millilitres: 21_000)
            let withWeek = try Self.object(try await client.execute(uri: "/widget/\(secret)/status.json", method: .get))
            let week = try #require(withWeek["week"] as? [String: Any])
            #expect(week["goalMl"] as? Double == 21_000 && week["totalMl"] as? Double == 500)
            #expect(week["text"] as? String == "0.5 of 21 l this week")
            // Sunday 22 November in New York starts its week (Sunday weeks there): 20.5 l over 7 days.
            #expect(week["daysLeft"] as? Int == 7 && week["todayNeedsMl"] as? Double == 3_000)
            let medium = try await client.execute(uri: "/widget/\(secret)", method: .get)
            #expect(medium.text.contains("1 pee today") && medium.text.contains(#"aria-label="Add 250 ml""#))
            #expect(medium.headers[HTTPField.Name("X-Frame-Options")!] == nil)
            #expect(medium.headers[HTTPField.Name("Content-Security-Policy")!]?.contains("frame-ancestors *") == true)
            let settings = try await client.execute(uri: "/settings/widgets", method: .get)
            #expect(settings.headers[HTTPField.Name("X-Frame-Options")!] == "DENY")
        }
    }

    @Test func aPresetLogsThroughItsSignedAddressAndNothingElseDoes() async throws {
        let fixture = try ServerFixture()
        let secret = try await WidgetService(scope: fixture.scope, store: fixture.store).turnOn()
        try await fixture.testSignedOut { client in
            let status = try Self.object(try await client.execute(uri: "/widget/\(secret)/status.json", method: .get))
            let presets = try #require(status["presets"] as? [[String: Any]])
            #expect(presets.map { $0["label"] as? String } == ["250 ml", "500 ml"])
            let add = try #require(presets.first?["add"] as? String)
            #expect(add.hasPrefix("/widget/\(secret)/add?amount=250&signature="))

            let pressed = try await client.execute(uri: add, method: .post)
            #expect(pressed.status == .seeOther && pressed.headers[.location] == "/widget/\(secret)")
            let json = try await client.execute(uri: add, method: .post, headers: [.accept: "application/json"])
            #expect(json.status == .created)
            #expect((try Self.object(json)["water"] as? [String: Any])?["totalMl"] as? Double == 500)

            let before = try await fixture.snapshot()
            // Opened rather than pressed, the address logs nothing and shows the widget.
            let opened = try await client.execute(uri: add, method: .get)
            #expect(opened.status == .seeOther && opened.headers[.location] == "/widget/\(secret)")
            let forged = add.replacingOccurrences(of: "amount=250", with: "amount=5000")
            #expect(try await client.execute(uri: forged, method: .post).status == .forbidden)
            let unsigned = "/widget/\(secret)/add?amount=250"
            #expect(try await client.execute(uri: unsigned, method: .post).status == .forbidden)
            let other = String(repeating: "b", count: 64)
            let elsewhere = add.replacingOccurrences(of: secret, with: other)
            #expect(try await client.execute(uri: elsewhere, method: .post).status == .notFound)
            #expect(try await fixture.snapshot() == before)

            // A preset removed since the widget was drawn is refused, with what to do.
            try await fixture.scope.settings.update([.waterPresets: "300,600"])
            let stale = try await client.execute(uri: add, method: .post, headers: [.accept: "application/json"])
            #expect(stale.status == .badRequest && stale.text.contains("no longer one of your presets"))
        }
        #expect(try await fixture.scope.water.today().summary.totalML == 500)
    }

    @Test func replacedOrTurnedOffAddressesAnswer404() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            _ = try await client.form("/settings/widgets", ["action": "on"])
            let first = try #require(try await fixture.store.widgetSecret(owner: fixture.scope.owner))
            let replaced = try await client.form("/settings/widgets", ["action": "replace"])
            #expect(replaced.headers[.location] == "/settings/widgets?done=replaced")
            let second = try #require(try await fixture.store.widgetSecret(owner: fixture.scope.owner))
            #expect(first != second)
            #expect(try await client.execute(uri: "/widget/\(first)", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/widget/\(second)", method: .get).status == .ok)
            _ = try await client.form("/settings/widgets", ["action": "off"])
            #expect(try await client.execute(uri: "/widget/\(second)/ring.svg", method: .get).status == .notFound)
            let wrong = try await client.form("/settings/widgets", ["action": "explode"])
            #expect(wrong.status == .badRequest)
        }
    }

    static func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
    }
}
