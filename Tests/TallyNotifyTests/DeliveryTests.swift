import Crypto
import Foundation
import TallyCore
import TallySQLite
import TallyServices
import TallyStorage
import TallyTestSupport
import Testing

@testable import TallyNotify

/// Deliveries to real HTTP endpoints on loopback: what ntfy, a webhook receiver and a push service get,
/// retries and giving up, a subscription that is gone, a dead endpoint, and the address policy.
@Suite struct DeliveryTests {
    static let now = Date(timeIntervalSince1970: 1_795_500_000)  // 2026-11-23

    final class TestClock: SleepingClock {
        private let instant: LockedValue<Date>
        init(_ start: Date) { instant = LockedValue(start) }
        func now() -> Date { instant.withLock { $0 } }
        func advance(_ seconds: TimeInterval) { instant.withLock { $0 = $0.addingTimeInterval(seconds) } }
        func sleep(until instant: Date) async throws { try await Task.sleep(for: .milliseconds(10)) }
    }

    struct Setup {
        let store: SQLiteStore
        let clock: TestClock
        let service: NotificationService
        let notifier: Notifier
        let vapid: VAPIDKeys
        let actionKey: Data

        /// Clients that live as long as the process (an HTTP client must be shut down before it goes).
        /// The receivers answer from this test process, which the parallel suite can keep off both cores
        /// for longer than the product's 10 s (a CI run saw four deliveries time out at the same second),
        /// so these tests wait longer; the timeout itself is tested with the impatient client.
        static let patientHTTP = OutgoingHTTP(timeout: .seconds(60))
        static let impatientHTTP = OutgoingHTTP(timeout: .seconds(1))

        init(impatient: Bool = false, policy: ChannelAddressPolicy = ChannelAddressPolicy()) async throws {
            store = try SQLiteStore.inMemory()
            clock = TestClock(DeliveryTests.now)
            let scope = UserScope(store: store, clock: clock, machineZone: TimeZone(identifier: "America/New_York")!)
            service = NotificationService(scope: scope, store: store)
            vapid = try await PushSender.keys(in: store)
            actionKey = try await NotificationActionToken.key(in: store)
            let http = impatient ? Self.impatientHTTP : Self.patientHTTP
            let push = PushSender(http: http, keys: vapid, subject: "mailto:admin@example.org", clock: clock)
            notifier = Notifier(
                store: store, senders: Notifier.senders(http: http, clock: clock, push: push), clock: clock,
                policy: policy, baseURL: URL(string: "http://tally.local:8080"), actionKey: actionKey)
        }
    }

    let nudge = PlannedNotification(
        due: DeliveryTests.now, kind: .water, title: "Time for some water", body: "500 ml of 2,000 ml today.",
        action: .addWater(millilitres: 250))

    @Test func ntfyGetsTheTitlePriorityTagsClickAndToken() async throws {
        let receiver = try await LoopbackReceiver()
        defer { receiver.stop() }
        let setup = try await Setup()
        let channel = try await setup.notifier.addChannel(
            ChannelDraft(kind: .ntfy, url: receiver.url + "/tally-topic", token: "tk_secret"), for: setup.service)
        let outcome = try await setup.notifier.deliver(nudge, to: channel, zone: .gmt)
        #expect(outcome == .sent)
        let request = try #require(receiver.requests.first)
        #expect(request.path == "/tally-topic")
        #expect(request.header("Title") == "Time for some water")
        #expect(request.header("Priority") == "3")
        #expect(request.header("Tags") == "droplet")
        #expect(request.header("Click") == "http://tally.local:8080/water")
        #expect(request.header("Authorization") == "Bearer tk_secret")
        #expect(String(decoding: request.body, as: UTF8.self) == "500 ml of 2,000 ml today.")
        // ntfy's buttons post the notification's token back to Tally from the phone.
        let actions = try #require(request.header("Actions"))
        #expect(actions.hasPrefix("http, +250 ml, http://tally.local:8080/api/v1/notifications/actions, method=POST"))
        #expect(actions.contains("; http, Snooze 15 min, "))
        #expect(actions.contains(#""action":"water"}', clear=true"#))
        // Claimed and sent: a second process (or a second pass) sends nothing.
        #expect(try await setup.notifier.deliver(nudge, to: channel, zone: .gmt) == nil)
        #expect(receiver.requests.count == 1)
        #expect(try await setup.service.log().map(\.outcome) == ["sent"])
    }

    @Test func aWebhookIsSignedOverItsBody() async throws {
        let receiver = try await LoopbackReceiver(status: .ok)
        defer { receiver.stop() }
        let setup = try await Setup()
        let channel = try await setup.notifier.addChannel(
            ChannelDraft(kind: .webhook, url: receiver.url + "/hook"), for: setup.service)
        let secret = try #require(channel.secret)
        #expect(try await setup.notifier.deliver(nudge, to: channel, zone: .gmt) == .sent)
        let request = try #require(receiver.requests.first)
        let mac = HMAC<SHA256>.authenticationCode(for: request.body, using: SymmetricKey(data: Data(secret.utf8)))
        #expect(request.header("X-Tally-Signature") == "sha256=" + mac.map { String(format: "%02x", $0) }.joined())
        #expect(request.header("Content-Type") == "application/json")
        let json = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
        #expect(json["title"] as? String == "Time for some water")
        #expect(json["kind"] as? String == "water")
        #expect(json["id"] as? String == nudge.key)
        #expect(json["url"] as? String == "http://tally.local:8080/water")
    }

    @Test func aPushServiceGetsAnEncryptedPayloadAndAValidVAPIDToken() async throws {
        let receiver = try await LoopbackReceiver()
        defer { receiver.stop() }
        let setup = try await Setup()
        let browserKey = P256.KeyAgreement.PrivateKey()
        let authSecret = Data((0..<16).map { _ in UInt8.random(in: 0...255) })
        let channel = try await setup.notifier.addChannel(
            ChannelDraft(
                kind: .push, url: receiver.url + "/push/abc",
                pushKey: Base64URL.encode(browserKey.publicKey.x963Representation),
                pushAuth: Base64URL.encode(authSecret)), for: setup.service)
        #expect(channel.name == "This browser")
        #expect(try await setup.notifier.deliver(nudge, to: channel, zone: .gmt) == .sent)
        let request = try #require(receiver.requests.first)
        #expect(request.header("Content-Encoding") == "aes128gcm")
        #expect(request.header("TTL") == String(PushSender.timeToLive))
        let claims = try VAPIDToken.verify(
            try #require(request.header("Authorization")), publicKey: setup.vapid.publicKey,
            expectedAudience: receiver.url, now: setup.clock.now())
        #expect(claims.audience == receiver.url)
        #expect(claims.expiry > setup.clock.now() && claims.expiry <= setup.clock.now().addingTimeInterval(86_400))
        let plaintext = try WebPushDecryption.decrypt(
            body: request.body, privateKey: browserKey, authSecret: authSecret)
        let payload = try JSONDecoder().decode(PushSender.Payload.self, from: plaintext)
        #expect(payload.title == "Time for some water")
        #expect(payload.actions.map(\.action) == ["water", "snooze"])
        #expect(payload.actions.first?.title == "+250 ml")
        #expect(payload.waterMl == 250)
        // The buttons' token is this server's, for this user and this nudge: pressing "+250 ml" logs it.
        let token = try NotificationActionToken.verify(
            try #require(payload.token), key: setup.actionKey, now: setup.clock.now())
        #expect(token.owner == channel.ownerID && token.notification.action == .addWater(millilitres: 250))
        let said = try await NotificationButton.water.press(for: token, notifications: setup.service, source: .web)
        #expect(said == "Logged 250 ml.")
        #expect(try await setup.service.scope.water.today().summary.totalML == 250)
    }

    @Test func aSubscriptionThatIsGoneRemovesItsChannel() async throws {
        let receiver = try await LoopbackReceiver(status: .gone)
        defer { receiver.stop() }
        let setup = try await Setup()
        let browserKey = P256.KeyAgreement.PrivateKey()
        let channel = try await setup.notifier.addChannel(
            ChannelDraft(
                kind: .push, url: receiver.url + "/push/old",
                pushKey: Base64URL.encode(browserKey.publicKey.x963Representation),
                pushAuth: Base64URL.encode(Data(repeating: 7, count: 16))), for: setup.service)
        #expect(try await setup.notifier.deliver(nudge, to: channel, zone: .gmt) == .removed)
        #expect(try await setup.service.channels().isEmpty)
    }

    @Test func aFailingEndpointIsRetriedWithGrowingWaitsThenGivenUp() async throws {
        let receiver = try await LoopbackReceiver(status: .internalServerError)
        defer { receiver.stop() }
        let setup = try await Setup()
        let channel = try await setup.notifier.addChannel(
            ChannelDraft(kind: .ntfy, url: receiver.url + "/t"), for: setup.service)
        var outcomes: [DeliveryOutcome?] = []
        outcomes.append(try await setup.notifier.deliver(nudge, to: channel, zone: .gmt))
        outcomes.append(try await setup.notifier.deliver(nudge, to: channel, zone: .gmt))  // too soon
        for wait in Notifier.retryDelays {
            setup.clock.advance(wait)
            outcomes.append(try await setup.notifier.deliver(nudge, to: channel, zone: .gmt))
        }
        let start = DeliveryTests.now
        #expect(
            outcomes == [
                .retry(at: start.addingTimeInterval(30)), nil, .retry(at: start.addingTimeInterval(30 + 120)),
                .retry(at: start.addingTimeInterval(30 + 120 + 480)), .gaveUp,
            ])
        #expect(receiver.requests.count == 4)
        let log = try await setup.service.log()
        #expect(log.map(\.attempt) == [4, 3, 2, 1])
        #expect(log.first?.detail == "HTTP 500")
        #expect(log.first?.outcome == "failed, gave up")
    }

    @Test func anEndpointThatNeverAnswersIsGivenUpOnAfterTheTimeout() async throws {
        let receiver = try await LoopbackReceiver()
        receiver.answer(.ok, after: .seconds(5))
        defer { receiver.stop() }
        let setup = try await Setup(impatient: true)
        let channel = try await setup.notifier.addChannel(
            ChannelDraft(kind: .ntfy, url: receiver.url + "/slow"), for: setup.service)
        let outcome = try await setup.notifier.deliver(nudge, to: channel, zone: .gmt)
        #expect(outcome == .retry(at: DeliveryTests.now.addingTimeInterval(30)))
        let detail = try await setup.service.log().first?.detail
        #expect(detail == "no answer in 1 s", "\(detail ?? "nothing logged")")
    }

    @Test func aServerOpenToStrangersRefusesPrivateAddresses() async throws {
        let setup = try await Setup(policy: ChannelAddressPolicy(allowsPrivate: false))
        for url in [
            "http://127.0.0.1:9/x", "http://localhost/x", "http://10.1.2.3/x", "http://[::1]/x", "http://192.168.1.5/t",
        ] {
            await #expect(throws: TallyError.self) {
                try await setup.notifier.addChannel(ChannelDraft(kind: .ntfy, url: url), for: setup.service)
            }
        }
        do {
            _ = try await setup.notifier.addChannel(
                ChannelDraft(kind: .ntfy, url: "http://127.0.0.1/x"), for: setup.service)
        } catch let error as TallyError {
            #expect(error.description.contains("only sends to public"))
        }
        #expect(try await setup.service.channels().isEmpty)
    }

    @Test func badChannelsAreRefusedWithAMessage() async throws {
        let setup = try await Setup()
        let cases: [(ChannelDraft, String)] = [
            (ChannelDraft(kind: .ntfy, url: "ftp://example.org/x"), "not an http: or https: address"),
            (ChannelDraft(kind: .webhook, url: "not a url"), "is not a web address"),
            (ChannelDraft(kind: .push, url: "https://push.example/x", pushKey: "!!", pushAuth: "abc"), "not base64url"),
        ]
        for (draft, message) in cases {
            do {
                _ = try await setup.notifier.addChannel(draft, for: setup.service)
                Issue.record("accepted \(draft.url)")
            } catch let error as TallyError {
                #expect(error.description.contains(message), "\(error)")
            }
        }
    }
}
