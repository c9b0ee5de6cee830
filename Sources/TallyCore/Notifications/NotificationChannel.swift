import Foundation

/// Somewhere a user's notifications go: an ntfy topic, a webhook, or a browser's push subscription.
/// Kept by the server that sends them (not synced: a push subscription belongs to this server's keys).
public struct NotificationChannel: Hashable, Sendable {
    public enum Kind: String, Hashable, Codable, Sendable, CaseIterable {
        /// An ntfy topic URL (`https://ntfy.sh/my-topic`), with an optional access token.
        case ntfy
        /// A JSON POST to a URL, signed with HMAC-SHA256 of the body under the channel's secret.
        case webhook
        /// A Web Push subscription of an installed web app or a desktop browser.
        case push

        /// In a person's words.
        public var label: String {
            switch self {
            case .ntfy: "ntfy"
            case .webhook: "Webhook"
            case .push: "Browser"
            }
        }
    }

    public var id: UUID
    public var ownerID: UUID
    /// How the user tells channels apart; unique per user.
    public var name: String
    public var kind: Kind
    /// The topic, webhook or push endpoint URL.
    public var url: String
    /// ntfy: the access token sent as `Authorization: Bearer`.
    public var token: String?
    /// Webhook: the HMAC-SHA256 key the body is signed with.
    public var secret: String?
    /// Push: the browser's P-256 public key and auth secret (base64url).
    public var pushKey: String?
    public var pushAuth: String?
    public var createdAt: Date
    /// Deliveries given up in a row since the last that went through.
    public var failures: Int
    /// Why the scheduler stopped sending here, in a person's words; nil while the channel is in use.
    /// Set when the address can never work, or after ``pauseAfterFailures`` deliveries in a row were given
    /// up, so one broken channel costs nothing more; a test that goes through, or Resume, clears it.
    public var pausedReason: String?

    /// How many deliveries in a row may be given up before the channel is paused.
    public static let pauseAfterFailures = 5

    public var isPaused: Bool { pausedReason != nil }

    public init(
        id: UUID, ownerID: UUID, name: String, kind: Kind, url: String, token: String? = nil, secret: String? = nil,
        pushKey: String? = nil, pushAuth: String? = nil, createdAt: Date, failures: Int = 0,
        pausedReason: String? = nil
    ) {
        self.id = id
        self.ownerID = ownerID
        self.name = name
        self.kind = kind
        self.url = url
        self.token = token
        self.secret = secret
        self.pushKey = pushKey
        self.pushAuth = pushAuth
        self.createdAt = createdAt
        self.failures = failures
        self.pausedReason = pausedReason
    }
}
