@preconcurrency import Crypto
import Foundation
import TallyCore

/// An application server's VAPID key pair (RFC 8292): a P-256 ECDSA key.
///
/// The private key is stored as base64url of its raw 32-byte scalar
/// (``privateKeyBase64URL``), so a server can keep it in a text setting. The
/// public key, base64url of the 65-byte uncompressed point
/// (``publicKeyBase64URL``), is the `applicationServerKey` a browser passes to
/// `PushManager.subscribe`, and the `k=` of the `Authorization` header.
public struct VAPIDKeys: Sendable {
    /// The signing key.
    public let privateKey: P256.Signing.PrivateKey

    /// The verification key.
    public var publicKey: P256.Signing.PublicKey { privateKey.publicKey }

    /// The private key as base64url (no padding) of its raw 32 bytes. Keep it secret.
    public var privateKeyBase64URL: String { Base64URL.encode(privateKey.rawRepresentation) }

    /// The public key as base64url (no padding) of its 65-byte uncompressed form:
    /// the browser's `applicationServerKey`.
    public var publicKeyBase64URL: String { Base64URL.encode(publicKey.x963Representation) }

    /// Makes a new random key pair.
    public init() {
        self.privateKey = P256.Signing.PrivateKey()
    }

    /// Wraps an existing signing key.
    public init(privateKey: P256.Signing.PrivateKey) {
        self.privateKey = privateKey
    }

    /// Reads a private key saved with ``privateKeyBase64URL``.
    ///
    /// - Parameter privateKeyBase64URL: Base64url (padding optional) of the raw 32-byte scalar.
    /// - Throws: ``VAPIDError/privateKeyNotBase64URL``, ``VAPIDError/privateKeyWrongLength(byteCount:)``
    ///   or ``VAPIDError/privateKeyInvalid``.
    public init(privateKeyBase64URL: String) throws(VAPIDError) {
        guard let bytes = Base64URL.decode(privateKeyBase64URL) else {
            throw .privateKeyNotBase64URL
        }
        guard bytes.count == 32 else {
            throw .privateKeyWrongLength(byteCount: bytes.count)
        }
        do {
            self.privateKey = try P256.Signing.PrivateKey(rawRepresentation: bytes)
        } catch {
            throw .privateKeyInvalid
        }
    }

    /// Reads a public key given as base64url of its 65-byte uncompressed form
    /// (an `applicationServerKey`, or the `k=` of an `Authorization` header).
    ///
    /// - Throws: ``VAPIDError/publicKeyNotBase64URL`` or ``VAPIDError/publicKeyNotP256(byteCount:)``.
    public static func publicKey(fromBase64URL text: String) throws(VAPIDError) -> P256.Signing.PublicKey {
        guard let bytes = Base64URL.decode(text) else {
            throw .publicKeyNotBase64URL
        }
        guard bytes.count == WebPushSubscription.publicKeyLength, bytes.first == 0x04,
            let key = try? P256.Signing.PublicKey(x963Representation: bytes)
        else {
            throw .publicKeyNotP256(byteCount: bytes.count)
        }
        return key
    }

    /// Signs a VAPID token with this key pair; see ``VAPIDToken/init(privateKey:audience:expiry:subject:)``.
    public func token(audience: String, expiry: Date, subject: String) throws(VAPIDError) -> VAPIDToken {
        try VAPIDToken(privateKey: privateKey, audience: audience, expiry: expiry, subject: subject)
    }

    /// Signs a VAPID token for a push endpoint; see
    /// ``VAPIDToken/init(privateKey:endpoint:subject:validFor:now:)``.
    public func token(
        endpoint: URL,
        subject: String,
        validFor: TimeInterval = VAPIDToken.defaultValidity,
        now: Date
    ) throws(VAPIDError) -> VAPIDToken {
        try VAPIDToken(privateKey: privateKey, endpoint: endpoint, subject: subject, validFor: validFor, now: now)
    }
}
