import Foundation
import Hummingbird
import HummingbirdTesting
import TallyCore
import TallyNotify
import TallyServices
import TallyStorage
import TallyTestSupport
import Testing

/// The notifications API: preferences, channels (a test reaching a loopback ntfy), bad channels, the
/// horizon, the calendar feed and its rotation, and notifications' buttons pressed with their token.
@Suite struct NotificationsAPITests {
    @Test func preferencesAreReadChangedAndRefusedWholeWhenOneIsWrong() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let defaults = try await client.json(.get, "/api/v1/notifications/settings").decoded()
            #expect(defaults["water"] as? Bool == true && defaults["waterPerDay"] as? Int == 8)
            #expect(defaults["waterQuiet"] as? String == "" && defaults["waterGapMinutes"] as? Int == 45)
            let changed = try await client.json(
                .patch, "/api/v1/notifications/settings",
                #"{"waterPerDay":"6","waterQuiet":"22:00-07:00","events":"off"}"#)
            #expect(changed.status == .ok)
            let now = try changed.decoded()
            #expect(now["waterPerDay"] as? Int == 6 && now["waterQuiet"] as? String == "22:00-07:00")
            #expect(now["events"] as? Bool == false)
            let refused = try await client.json(
                .patch, "/api/v1/notifications/settings", #"{"waterPerDay":"3","water":"maybe"}"#)
            #expect(refused.status == .badRequest)
            #expect(try refused.decoded()["detail"] as? String == "water nudges: 'maybe' is neither on nor off")
            let after = try await client.json(.get, "/api/v1/notifications/settings").decoded()
            #expect(after["waterPerDay"] as? Int == 6)
            // What the document allows, the server holds to (both were stored before): at most 200 at
            // once, none longer than 100 characters, even under a name this version does not know.
            let many = (0...200).map { #""x-later\#($0)":"""# }.joined(separator: ",")
            let tooMany = try await client.json(.patch, "/api/v1/notifications/settings", "{\(many)}")
            #expect(tooMany.status == .badRequest)
            let long = String(repeating: "0", count: 101)
            let tooLong = try await client.json(
                .patch, "/api/v1/notifications/settings", #"{"x-later":"\#(long)"}"#)
            #expect(try tooLong.decoded()["detail"] as? String == "x-later: is longer than 100 characters")
        }
    }

    @Test func aChannelIsAddedTestedListedAndRemoved() async throws {
        let receiver = try await LoopbackReceiver()
        defer { receiver.stop() }
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let added = try await client.json(
                .post, "/api/v1/notifications/channels",
                #"{"kind":"ntfy","url":"\#(receiver.url)/my-topic","name":"Phone","token":"tk_1"}"#)
            #expect(added.status == .created)
            #expect(try added.decoded()["secret"] == nil)
            let tested = try await client.json(.post, "/api/v1/notifications/test?channel=Phone").decoded()
            let result = try #require((tested["results"] as? [[String: Any]])?.first)
            #expect(result["channel"] as? String == "Phone" && result["result"] as? String == "sent")
            #expect(receiver.requests.first?.header("Title") == "Tally test")
            #expect(receiver.requests.first?.header("Authorization") == "Bearer tk_1")
            let log = try await client.json(.get, "/api/v1/notifications/log").decoded()
            #expect((log["entries"] as? [[String: Any]])?.first?["outcome"] as? String == "sent")
            let webhook = try await client.json(
                .post, "/api/v1/notifications/channels", #"{"kind":"webhook","url":"http://127.0.0.1:9/hook"}"#)
            #expect((try webhook.decoded()["secret"] as? String)?.count == 64)
            let listed = try await client.json(.get, "/api/v1/notifications/channels").decoded()
            let names = (listed["channels"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
            #expect(Set(names) == ["Phone", "127.0.0.1"])
            #expect((listed["channels"] as? [[String: Any]])?.allSatisfy { $0["secret"] == nil } == true)
            #expect(try await client.json(.delete, "/api/v1/notifications/channels/Phone").status == .noContent)
            #expect(try await client.json(.delete, "/api/v1/notifications/channels/Phone").status == .notFound)
        }
    }

    @Test(
        "a bad channel is refused with a message and nothing else changes",
        arguments: [
            (#"{"kind":"ntfy","url":"ftp://example.org/topic"}"#, "http"),
            (#"{"kind":"ntfy","url":"not a url"}"#, "is not a web address"),
            (#"{"kind":"webhook","url":""}"#, "give the address"),
            (#"{"kind":"push","url":"https://push.example/abc"}"#, "p256dh"),
            (
                #"{"kind":"push","url":"https://push.example/abc","keys":{"p256dh":"AAAA","auth":"AAAAAAAAAAAAAAAAAAAAAA"}}"#,
                "not a P-256 public key"
            ),
        ])
    func aBadChannelIsRefused(body: String, message: String) async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let answer = try await client.json(.post, "/api/v1/notifications/channels", body)
            #expect(answer.status == .badRequest)
            let detail = try answer.decoded()["detail"] as? String ?? ""
            #expect(detail.contains(message), "\(detail)")
            let listed = try await client.json(.get, "/api/v1/notifications/channels").decoded()
            #expect((listed["channels"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func theHorizonListsWhatIsComingInTheUsersZone() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            _ = try await client.json(
                .post, "/api/v1/reminders", #"{"title":"Call mum","date":"2026-11-22T18:00:00-05:00"}"#)
            let upcoming = try await client.json(.get, "/api/v1/notifications/upcoming").decoded()
            let list = try #require(upcoming["notifications"] as? [[String: Any]])
            // Seven days of water nudges and the reminder, at most the seed's 64.
            #expect(list.count > 50 && list.count <= 64)
            let call = try #require(list.first { $0["kind"] as? String == "reminder" })
            #expect(call["localTime"] as? String == "2026-11-22T18:00" && call["title"] as? String == "Call mum")
            let times = list.compactMap { $0["at"] as? String }
            #expect(times == times.sorted())
        }
    }

    @Test func theCalendarFeedIsServedAtItsSecretAddressUntilRotatedOrTurnedOff() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            _ = try await client.json(
                .post, "/api/v1/events",
                #"{"title":"Swim","startDate":"2026-11-23T18:30:00-05:00","recurrenceRule":"FREQ=WEEKLY","timeZone":"America/New_York"}"#
            )
            #expect(
                try await client.json(.get, "/api/v1/notifications/calendar").decoded()["enabled"] as? Bool == false)
            let opened = try await client.json(.post, "/api/v1/notifications/calendar").decoded()
            let url = try #require(opened["url"] as? String)
            let path = try #require(URL(string: url)?.path)
            #expect(path.hasPrefix("/calendar/") && path.hasSuffix(".ics"))
            let feed = try await client.execute(uri: path, method: .get, headers: [:], body: nil)
            #expect(feed.status == .ok && feed.headers[.contentType] == "text/calendar; charset=utf-8")
            #expect(feed.text.contains("SUMMARY:Swim\r\n") && feed.text.contains("RRULE:FREQ=WEEKLY\r\n"))
            let rotated = try await client.json(.post, "/api/v1/notifications/calendar?rotate=true").decoded()
            let newURL = try #require(rotated["url"] as? String)
            let newPath = try #require(URL(string: newURL)?.path)
            #expect(newPath != path)
            #expect(try await client.execute(uri: path, method: .get, headers: [:], body: nil).status == .notFound)
            #expect(try await client.execute(uri: newPath, method: .get, headers: [:], body: nil).status == .ok)
            #expect(try await client.json(.delete, "/api/v1/notifications/calendar").status == .noContent)
            #expect(try await client.execute(uri: newPath, method: .get, headers: [:], body: nil).status == .notFound)
        }
    }

    @Test func aNotificationsButtonActsWithItsTokenAndNothingElse() async throws {
        let fixture = try ServerFixture()
        let owner = try await fixture.signIn(name: "owner")
        let key = try await NotificationActionToken.key(in: fixture.store)
        let nudge = PlannedNotification(
            due: ServerFixture.now, kind: .water, title: "Time for some water", body: "Half way.",
            action: .addWater(millilitres: 250))
        let token = NotificationActionToken(owner: owner.user.id, notification: nudge).signed(with: key)
        try await fixture.testSignedOut { client in
            func press(_ token: String, _ action: String) async throws -> TestResponse {
                try await client.json(
                    .post, "/api/v1/notifications/actions", #"{"token":"\#(token)","action":"\#(action)"}"#)
            }
            let water = try await press(token, "water")
            let said = try water.decoded()["message"] as? String
            #expect(water.status == .ok && said == "Logged 250 ml.")
            #expect(try await press(token, "done").status == .badRequest)
            let snoozed = try await press(token, "snooze")
            #expect(try snoozed.decoded()["message"] as? String == "Snoozed until 10:15.")
            #expect(try await press(token.dropLast(2) + "AA", "water").status == .forbidden)
            #expect(try await press("e30.AAAA", "water").status == .forbidden)
            let today = try await UserScope(
                store: fixture.store, owner: owner.user.id, clock: fixture.scope.clock,
                machineZone: fixture.scope.machineZone
            ).water.today()
            #expect(today.entries.map(\.amountML) == [250])
        }
    }

    /// The audit's crash: a port beyond 16 bits was stored (201), and the first send stopped the server
    /// inside the socket layer. Refused now, with the reason, and a test send answers.
    @Test func aChannelWithAPortThatDoesNotFitIsRefused() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            for url in ["http://127.0.0.1:65536/x", "http://127.0.0.1:0/x", "http://[::1]:99999/x"] {
                let answer = try await client.json(
                    .post, "/api/v1/notifications/channels", #"{"kind":"webhook","url":"\#(url)","name":"x"}"#)
                #expect(answer.status == .badRequest, "\(url): \(answer.text)")
                #expect((try answer.decoded()["detail"] as? String)?.contains("1 to 65535") == true, "\(answer.text)")
            }
            let nul = try await client.json(
                .post, "/api/v1/notifications/channels", #"{"kind":"webhook","url":"http://example.com/\u0000"}"#)
            #expect(nul.status == .badRequest, "\(nul.text)")
            let test = try await client.json(.post, "/api/v1/notifications/test")
            #expect(test.status == .badRequest, "no channel to test: \(test.text)")
        }
    }

    /// While anyone may sign up, a channel may not point into the server's own network (a stranger's
    /// webhook would make it a port scanner), unless an administrator allows it; with sign-up closed,
    /// only the server's own people have accounts, and a self-hosted ntfy on the LAN is the usual case.
    @Test func privateAddressesAreRefusedWhileSignUpIsOpenUnlessAnAdministratorAllowsThem() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let owner = try #require(try await fixture.store.user(named: "owner"))
            let accounts = fixture.environment.accounts
            func add(_ url: String, _ name: String) async throws -> TestResponse {
                try await client.json(
                    .post, "/api/v1/notifications/channels", #"{"kind":"ntfy","url":"\#(url)","name":"\#(name)"}"#)
            }
            #expect(try await add("http://127.0.0.1:9/a", "a").status == .created)
            try await accounts.setSignUpOpen(true, by: owner)
            for (index, url) in [
                "http://127.0.0.1:9/b", "http://[::127.0.0.1]:9/b", "http://[64:ff9b::7f00:1]:9/b",
                "http://169.254.169.254/latest", "http://10.0.0.8/x",
            ].enumerated() {
                let refused = try await add(url, "b\(index)")
                #expect(refused.status == .badRequest, "\(url): \(refused.text)")
                #expect(refused.text.contains("only sends to public"), "\(refused.text)")
            }
            try await accounts.setPrivateChannelsAllowed(true, by: owner)
            #expect(try await add("http://127.0.0.1:9/c", "c").status == .created)
        }
    }
}
