import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// `/settings/notifications`: the page, its settings form (a half-given quiet time refused with the form's
/// words), adding a channel (a bad address keeps what was typed), a webhook's secret shown once, and the
/// calendar feed turned on.
@Suite struct NotificationsWebTests {
    @Test func thePageSavesSettingsAndNamesWhatIsWrong() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let page = try await client.execute(uri: "/settings/notifications", method: .get)
            #expect(page.status == .ok)
            for text in [
                "Where notifications go", "Notify this browser", "What to notify", "Coming up", "Sent",
                "Many calendar apps ignore the alarms",
            ] {
                #expect(page.text.contains(text), "\(text)")
            }
            #expect(page.text.contains("more after these"), "a day of water nudges is more than the list shows")
            let halfQuiet = try await client.form(
                "/settings/notifications", ["water": "on", "waterPerDay": "6", "waterGap": "30", "quietFrom": "22:00"])
            #expect(halfQuiet.status == .badRequest)
            #expect(halfQuiet.text.contains("Quiet hours: give both when they start and when they end"))
            let saved = try await client.form(
                "/settings/notifications",
                ["reminders": "on", "waterPerDay": "6", "waterGap": "30", "quietFrom": "22:00", "quietTo": "07:00"])
            #expect(saved.status == .seeOther)
            let settings = try await client.json(.get, "/api/v1/notifications/settings").decoded()
            #expect(settings["water"] as? Bool == false && settings["reminders"] as? Bool == true)
            #expect(settings["waterQuiet"] as? String == "22:00-07:00" && settings["waterPerDay"] as? Int == 6)
            let again = try await client.execute(uri: "/settings/notifications?done=saved", method: .get)
            #expect(again.text.contains(#"name="quietFrom" value="22:00""#) && again.text.contains("Saved."))
            // With water off nothing is planned: no "and 0 more".
            #expect(!again.text.contains("more after these"), "nothing is planned beyond those listed")
        }
    }

    @Test func addingAChannelKeepsWhatWasTypedWhenRefusedAndShowsAWebhooksSecretOnce() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let refused = try await client.form(
                "/settings/notifications/channels", ["kind": "ntfy", "url": "ntfy.sh/my topic", "name": "Phone"])
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains("is not a web address"))
            #expect(refused.text.contains(#"value="ntfy.sh/my topic""#) && refused.text.contains(#"value="Phone""#))
            let webhook = try await client.form(
                "/settings/notifications/channels", ["kind": "webhook", "url": "http://127.0.0.1:9/hook"])
            #expect(webhook.status == .ok && webhook.text.contains("signing secret, shown this once"))
            let page = try await client.execute(uri: "/settings/notifications", method: .get)
            #expect(page.text.contains("127.0.0.1") && !page.text.contains("shown this once"))
            let feed = try await client.form("/settings/notifications/calendar", ["feed": "on"])
            #expect(feed.status == .seeOther)
            let withFeed = try await client.execute(uri: "/settings/notifications", method: .get)
            #expect(withFeed.text.contains("/calendar/") && withFeed.text.contains("New address"))
        }
    }
}
