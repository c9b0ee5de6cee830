import Crypto
import Foundation
import TallyCore
import TallyStorage

/// Sends Web Push messages (RFC 8030) to browsers' subscriptions: the payload encrypted for the browser
/// (RFC 8291, `aes128gcm`) and signed for by this server's VAPID key (RFC 8292). The payload is the JSON
/// the service worker shows: title, body, link, the notification's key and its buttons.
public struct PushSender: ChannelSender {
    /// How long a push service keeps a message for a browser that is offline: a nudge hours late is no use.
    public static let timeToLive = 4 * 3600

    let http: OutgoingHTTP
    let keys: VAPIDKeys
    /// `mailto:` or `https:`: whom a push service contacts about this server's messages.
    let subject: String
    let clock: any WallClock

    public init(http: OutgoingHTTP, keys: VAPIDKeys, subject: String, clock: any WallClock) {
        self.http = http
        self.keys = keys
        self.subject = subject
        self.clock = clock
    }

    /// This server's VAPID key pair: made on first start and kept in the store, so every process and every
    /// restart signs with the same key the browsers subscribed with.
    public static func keys(in store: any ServerSecretStore) async throws -> VAPIDKeys {
        let stored = try await store.serverSecret(named: "vapid-private-key") { VAPIDKeys().privateKeyBase64URL }
        return try VAPIDKeys(privateKeyBase64URL: stored)
    }

    /// The VAPID subject for a server reached at `baseURL`: the address itself when it is https, else a
    /// mailto at its host.
    public static func subject(for baseURL: URL?) -> String {
        if let baseURL, baseURL.scheme == "https" { return baseURL.absoluteString }
        return "mailto:tally@\(baseURL?.host.flatMap { $0.contains(".") ? $0 : nil } ?? "localhost.localdomain")"
    }

    public func send(_ message: NotificationMessage, to channel: NotificationChannel) async -> SendResult {
        let body: Data
        let token: VAPIDToken
        do {
            guard let endpoint = URL(string: channel.url) else { return .refused("the push endpoint is not a URL") }
            let subscription = try WebPushSubscription(
                endpoint: endpoint, p256dh: channel.pushKey ?? "", auth: channel.pushAuth ?? "")
            body = try WebPushEncryption.encrypt(payload: Self.payload(message), for: subscription)
            token = try keys.token(endpoint: endpoint, subject: subject, now: clock.now())
        } catch {
            return .refused("cannot encrypt for this subscription: \(error)")
        }
        let headers = [
            ("Content-Encoding", "aes128gcm"), ("Content-Type", "application/octet-stream"),
            ("TTL", String(Self.timeToLive)), ("Urgency", message.kind == .water ? "normal" : "high"),
            ("Authorization", token.authorizationHeaderValue),
        ]
        return await http.post(channel.url, headers: headers, body: Array(body), goneMeansRemoved: true)
    }

    /// What the service worker receives (`sw.js` reads these names).
    struct Payload: Codable, Equatable {
        struct Action: Codable, Equatable {
            /// `water`, `done`, `snooze`.
            var action: String
            var title: String
        }

        var key: String
        var kind: String
        var title: String
        var body: String
        var url: String?
        var actions: [Action]
        var waterMl: Double?
        var skillId: String?
        var day: String?
        /// What the buttons post to ``NotificationMessage/actionPath`` (a ``NotificationActionToken``).
        var token: String?
    }

    static func payload(_ message: NotificationMessage) -> Data {
        var payload = Payload(
            key: message.key, kind: message.kind.rawValue, title: message.title, body: message.body,
            url: message.link?.absoluteString, actions: [], token: message.actionToken)
        switch message.action {
        case .addWater(let millilitres)?: payload.waterMl = millilitres
        case .completeSkill(let skill, let day)?:
            payload.skillId = skill.lowercaseText
            payload.day = day.description
        case nil: break
        }
        payload.actions = NotificationButton.buttons(for: message).map {
            Payload.Action(action: $0.button.rawValue, title: $0.label)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(payload)) ?? Data("{}".utf8)
    }
}
