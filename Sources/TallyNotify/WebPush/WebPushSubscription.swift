@preconcurrency import Crypto
import Foundation
import TallyCore

/// A browser's push subscription: where to send messages and the keys to encrypt them for.
///
/// A browser's `PushSubscription.toJSON()` looks like
///
/// ```json
/// {"endpoint": "https://push.example.net/…", "expirationTime": null,
///  "keys": {"p256dh": "BCVx…", "auth": "BTBZ…"}}
/// ```
///
/// and this type decodes from (and encodes to) exactly that shape; `expirationTime`
/// is ignored. `p256dh` is the user agent's P-256 ECDH public key as a base64url,
/// 65-byte uncompressed point; `auth` is its 16-byte authentication secret
/// (RFC 8291 §2, §3). Both are accepted with or without base64url padding.
public struct WebPushSubscription: Sendable, Equatable, Codable {
    /// The length of an uncompressed P-256 point: `0x04 | x (32) | y (32)`.
    public static let publicKeyLength = 65
    /// The length of the authentication secret required by RFC 8291 §3.2.
    public static let authSecretLength = 16

    /// The push service URL that messages for this subscription are POSTed to.
    public let endpoint: URL
    /// The user agent's ECDH public key (`p256dh`).
    public let publicKey: P256.KeyAgreement.PublicKey
    /// The user agent's 16-byte authentication secret (`auth`).
    public let authSecret: Data

    /// The `p256dh` key as base64url without padding, e.g. for storage.
    public var p256dh: String { Base64URL.encode(publicKey.x963Representation) }
    /// The `auth` secret as base64url without padding, e.g. for storage.
    public var auth: String { Base64URL.encode(authSecret) }

    /// Creates a subscription from the text a browser sends.
    ///
    /// - Parameters:
    ///   - endpoint: The subscription's push endpoint; must be `http` or `https` with a host.
    ///   - p256dh: The base64url-encoded uncompressed P-256 public key.
    ///   - auth: The base64url-encoded 16-byte authentication secret.
    /// - Throws: ``WebPushSubscriptionError`` naming the value that is wrong.
    public init(endpoint: URL, p256dh: String, auth: String) throws(WebPushSubscriptionError) {
        try self.init(
            endpoint: endpoint,
            publicKey: Self.parsePublicKey(p256dh),
            authSecret: Self.parseAuthSecret(auth)
        )
    }

    /// Creates a subscription from already-decoded keys.
    ///
    /// - Parameters:
    ///   - endpoint: The subscription's push endpoint; must be `http` or `https` with a host.
    ///   - publicKey: The user agent's P-256 ECDH public key.
    ///   - authSecret: The 16-byte authentication secret.
    /// - Throws: ``WebPushSubscriptionError`` when the endpoint or the secret's length is wrong.
    public init(
        endpoint: URL, publicKey: P256.KeyAgreement.PublicKey, authSecret: Data
    ) throws(WebPushSubscriptionError) {
        guard let scheme = endpoint.scheme?.lowercased(), scheme == "https" || scheme == "http",
            let host = endpoint.host, !host.isEmpty
        else {
            throw .endpointNotHTTP(endpoint.absoluteString)
        }
        guard authSecret.count == Self.authSecretLength else {
            throw .authSecretWrongLength(byteCount: authSecret.count)
        }
        self.endpoint = endpoint
        self.publicKey = publicKey
        self.authSecret = Data(authSecret)
    }

    /// Parses a subscription's `p256dh` value.
    ///
    /// - Parameter p256dh: Base64url text (padding optional) of a 65-byte uncompressed P-256 point.
    /// - Returns: The public key.
    /// - Throws: ``WebPushSubscriptionError/publicKeyNotBase64URL`` or
    ///   ``WebPushSubscriptionError/publicKeyNotP256(byteCount:)``.
    public static func parsePublicKey(_ p256dh: String) throws(WebPushSubscriptionError) -> P256.KeyAgreement.PublicKey
    {
        guard let bytes = Base64URL.decode(p256dh) else {
            throw .publicKeyNotBase64URL
        }
        guard bytes.count == publicKeyLength, bytes.first == 0x04,
            let key = try? P256.KeyAgreement.PublicKey(x963Representation: bytes)
        else {
            throw .publicKeyNotP256(byteCount: bytes.count)
        }
        return key
    }

    /// Parses a subscription's `auth` value.
    ///
    /// - Parameter auth: Base64url text (padding optional) of 16 bytes.
    /// - Returns: The 16-byte authentication secret.
    /// - Throws: ``WebPushSubscriptionError/authSecretNotBase64URL`` or
    ///   ``WebPushSubscriptionError/authSecretWrongLength(byteCount:)``.
    public static func parseAuthSecret(_ auth: String) throws(WebPushSubscriptionError) -> Data {
        guard let bytes = Base64URL.decode(auth) else {
            throw .authSecretNotBase64URL
        }
        guard bytes.count == authSecretLength else {
            throw .authSecretWrongLength(byteCount: bytes.count)
        }
        return bytes
    }

    // MARK: Equatable

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.endpoint == rhs.endpoint
            && lhs.publicKey.x963Representation == rhs.publicKey.x963Representation
            && lhs.authSecret == rhs.authSecret
    }

    // MARK: Codable (the browser's PushSubscription JSON)

    private enum CodingKeys: String, CodingKey {
        case endpoint
        case keys
    }

    private enum KeyCodingKeys: String, CodingKey {
        case p256dh
        case auth
    }

    /// Decodes the JSON a browser's `PushSubscription.toJSON()` produces.
    ///
    /// - Throws: `DecodingError` when a field is missing or not a string, and
    ///   ``WebPushSubscriptionError`` when a value is present but invalid.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let endpoint = try container.decode(URL.self, forKey: .endpoint)
        let keys = try container.nestedContainer(keyedBy: KeyCodingKeys.self, forKey: .keys)
        try self.init(
            endpoint: endpoint,
            p256dh: keys.decode(String.self, forKey: .p256dh),
            auth: keys.decode(String.self, forKey: .auth)
        )
    }

    /// Encodes as `{"endpoint": …, "keys": {"p256dh": …, "auth": …}}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(endpoint, forKey: .endpoint)
        var keys = container.nestedContainer(keyedBy: KeyCodingKeys.self, forKey: .keys)
        try keys.encode(p256dh, forKey: .p256dh)
        try keys.encode(auth, forKey: .auth)
    }
}
