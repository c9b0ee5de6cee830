import Crypto
import Foundation
import TallyCore
import TallyStorage

/// What a notification's buttons send back: a capability for one user, one notification and the things a
/// button may do with it (log the water or mark the task done it offers, or snooze it), signed with this
/// server's key and good for a day after the notification was due. It lets the service worker and the
/// ntfy app act without a session, so a tap works without opening the app; a forged or altered token is
/// refused, and it grants nothing else.
public struct NotificationActionToken: Hashable, Sendable {
    public var owner: UUID
    /// The notification: the one snoozed is sent again with the same words.
    public var notification: PlannedNotification
    public var expires: Date

    /// How long after its notification was due a token still works.
    public static let lifetime: TimeInterval = 86_400
    /// The longest title or body carried: a push message must stay under 4 KB.
    static let textLimit = 160

    public init(owner: UUID, notification: PlannedNotification, expires: Date? = nil) {
        self.owner = owner
        self.notification = notification
        self.expires = expires ?? notification.due.addingTimeInterval(Self.lifetime)
    }

    /// One letter each, to keep a push message small: owner, kind, source, title, body, action, due and
    /// expiry (milliseconds).
    struct Claims: Codable {
        var o: UUID
        var k: String
        var s: UUID?
        var t: String
        var b: String
        var a: String?
        var d: Int64
        var e: Int64
    }

    /// The token as text: the claims and their HMAC-SHA256, each base64url, joined by a dot.
    public func signed(with key: Data) -> String {
        let claims = Claims(
            o: owner, k: notification.kind.rawValue, s: notification.sourceID,
            t: String(notification.title.prefix(Self.textLimit)), b: String(notification.body.prefix(Self.textLimit)),
            a: notification.action?.text, d: notification.due.millisecondsSince1970,
            e: expires.millisecondsSince1970)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let body = Base64URL.encode((try? encoder.encode(claims)) ?? Data())
        let mac = HMAC<SHA256>.authenticationCode(for: Data(body.utf8), using: SymmetricKey(data: key))
        return body + "." + Base64URL.encode(Data(mac))
    }

    /// Reads a token this server signed, still good at `now`; anything else is refused with the reason.
    public static func verify(_ text: String, key: Data, now: Date) throws(TallyError) -> Self {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let mac = Base64URL.decode(parts[1]),
            HMAC<SHA256>.isValidAuthenticationCode(
                mac, authenticating: Data(parts[0].utf8), using: SymmetricKey(data: key)),
            let json = Base64URL.decode(parts[0]),
            let claims = try? JSONDecoder().decode(Claims.self, from: json),
            let kind = NotificationKind(rawValue: claims.k)
        else { throw .forbidden("this notification's button is not valid here") }
        let expires = Date(millisecondsSince1970: claims.e)
        guard expires > now else { throw .forbidden("this notification is too old to act on; open Tally instead") }
        return Self(
            owner: claims.o,
            notification: PlannedNotification(
                due: Date(millisecondsSince1970: claims.d), kind: kind, sourceID: claims.s, title: claims.t,
                body: claims.b, action: claims.a.flatMap(NotificationAction.init(text:))),
            expires: expires)
    }

    /// The key tokens are signed with (32 bytes), kept in the store so every server process shares it.
    public static func key(in store: any ServerSecretStore) async throws -> Data {
        let stored = try await store.serverSecret(named: "notification-action-key") {
            Base64URL.encode(SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) })
        }
        guard let bytes = Base64URL.decode(stored), bytes.count == 32 else {
            throw TallyError.unavailable("the server's notification key is damaged")
        }
        return bytes
    }
}
