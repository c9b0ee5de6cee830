import Crypto
import Foundation
import TallyCore

/// POSTs the notification as JSON to the user's URL, signed so the receiver (Apprise, Home Assistant, n8n,
/// a script) can check it came from their Tally: `X-Tally-Signature: sha256=<hex>`, the HMAC-SHA256 of the
/// exact body under the channel's secret. The body carries the time it was sent, so a replay can be told,
/// and the notification's buttons: POST `{"token": ..., "action": ...}` to `actionUrl` to press one.
public struct WebhookSender: ChannelSender {
    public static let signatureHeader = "X-Tally-Signature"

    let http: OutgoingHTTP
    let clock: any WallClock

    public init(http: OutgoingHTTP, clock: any WallClock) {
        self.http = http
        self.clock = clock
    }

    public func send(_ message: NotificationMessage, to channel: NotificationChannel) async -> SendResult {
        let body = Self.body(message, sentAt: clock.now())
        var headers = [("Content-Type", "application/json"), ("User-Agent", "Tally")]
        if let secret = channel.secret {
            headers.append((Self.signatureHeader, Self.signature(of: body, secret: secret)))
        }
        return await http.post(channel.url, headers: headers, body: body)
    }

    /// `sha256=` and the lowercase hex HMAC-SHA256 of `body` under `secret`.
    public static func signature(of body: [UInt8], secret: String) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: body, using: SymmetricKey(data: Data(secret.utf8)))
        return "sha256=" + Hex.string(mac)
    }

    struct Payload: Encodable {
        var id: String
        var kind: String
        var title: String
        var body: String
        var due: String
        var dueLocal: String
        var url: String?
        var sentAt: String
        var actions: [Action]
        var token: String?
        var actionUrl: String?
    }

    struct Action: Encodable {
        var action: String
        var label: String
    }

    static func body(_ message: NotificationMessage, sentAt: Date) -> [UInt8] {
        let payload = Payload(
            id: message.key, kind: message.kind.rawValue, title: message.title, body: message.body,
            due: Self.instant(message.due), dueLocal: message.dueLocal, url: message.link?.absoluteString,
            sentAt: Self.instant(sentAt),
            actions: NotificationButton.buttons(for: message).map {
                Action(action: $0.button.rawValue, label: $0.label)
            },
            token: message.actionToken,
            actionUrl: message.actionToken == nil ? nil : message.actionURL?.absoluteString)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(payload)) ?? Data("{}".utf8))
    }

    static func instant(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
