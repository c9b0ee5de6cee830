import Crypto
import Foundation

/// Encrypts a push message for a subscription: RFC 8291 ("Message Encryption
/// for Web Push") over the RFC 8188 `aes128gcm` content coding.
///
/// The result is the complete HTTP request body, sent with
/// `Content-Encoding: aes128gcm`:
///
/// ```text
/// +-----------+--------+-----------+-------------------------+----------------------------+
/// | salt (16) | rs (4) | idlen (1) | keyid = as_public (65)  | AES-128-GCM(payload||0x02) |
/// +-----------+--------+-----------+-------------------------+----------------------------+
///   86-byte header                                              payload + 1 + 16-byte tag
/// ```
///
/// Every message must use a fresh salt and a fresh application server key
/// pair; the defaults provide both. Injecting them is for tests and
/// known-answer vectors only: reusing a (salt, key) pair with the same
/// subscription repeats the AES-GCM key and nonce and destroys confidentiality.
///
/// Only the single `0x02` delimiter is added as padding, so the body's length
/// reveals the payload's length to the push service.
public enum WebPushEncryption {
    /// The salt length in the content coding header (RFC 8188 §2.1).
    public static let saltLength = 16
    /// The record size written to the header unless told otherwise.
    public static let defaultRecordSize = 4096
    /// The largest body a push service must accept (RFC 8030 §7.2).
    public static let maximumBodyLength = 4096
    /// The header length: salt (16) + rs (4) + idlen (1) + keyid (65).
    public static let headerLength = saltLength + 4 + 1 + WebPushSubscription.publicKeyLength
    /// The AES-GCM authentication tag length.
    public static let tagLength = 16
    /// The length of the padding delimiter that ends the (last and only) record.
    public static let paddingDelimiterLength = 1

    /// The largest payload that is safe to send: 4096 − 86 (header) − 16 (tag)
    /// − 1 (padding delimiter) = 3993 bytes, the figure in RFC 8291 §4.
    ///
    /// The push-service body limit, not the record size, is what binds at the
    /// default record size of 4096.
    public static let maximumPayloadLength = maximumBodyLength - headerLength - tagLength - paddingDelimiterLength

    /// The largest payload that fits in one message with the given record size.
    ///
    /// RFC 8291 §4 requires `rs` to be *greater than* the record's length
    /// (payload + delimiter + tag), so a record holds at most `rs − 18` bytes of
    /// payload; the result is also capped at ``maximumPayloadLength``.
    ///
    /// - Parameter recordSize: The `rs` value for the header.
    /// - Returns: The payload limit in bytes (0 or more), or `nil` when
    ///   `recordSize` is outside `18...UInt32.max`.
    public static func maximumPayloadLength(recordSize: Int) -> Int? {
        guard recordSize >= 18, UInt64(recordSize) <= UInt64(UInt32.max) else { return nil }
        return min(maximumPayloadLength, recordSize - tagLength - paddingDelimiterLength - 1)
    }

    /// Returns 16 bytes from a cryptographically secure random generator.
    public static func randomSalt() -> Data {
        SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) }
    }

    /// Encrypts a payload for a subscription.
    ///
    /// - Parameters:
    ///   - payload: The message, at most ``maximumPayloadLength`` bytes.
    ///   - subscription: The subscription whose `p256dh` and `auth` keys to encrypt for.
    ///   - salt: 16 bytes; random by default. Inject only in tests.
    ///   - serverKey: The application server's ECDH key pair; new by default. Inject only in tests.
    ///   - recordSize: The `rs` header value; 4096 by default.
    /// - Returns: The `aes128gcm` request body.
    /// - Throws: ``WebPushEncryptionError``.
    public static func encrypt(
        payload: some DataProtocol,
        for subscription: WebPushSubscription,
        salt: Data = randomSalt(),
        serverKey: P256.KeyAgreement.PrivateKey = P256.KeyAgreement.PrivateKey(),
        recordSize: Int = defaultRecordSize
    ) throws(WebPushEncryptionError) -> Data {
        try encrypt(
            payload: payload,
            subscriptionKey: subscription.publicKey,
            authSecret: subscription.authSecret,
            salt: salt,
            serverKey: serverKey,
            recordSize: recordSize
        )
    }

    /// Encrypts a payload for a user agent's public key and authentication secret.
    ///
    /// - Parameters:
    ///   - payload: The message, at most ``maximumPayloadLength`` bytes (less for a
    ///     record size under 4011; see ``maximumPayloadLength(recordSize:)``).
    ///   - subscriptionKey: The user agent's P-256 public key (`p256dh`).
    ///   - authSecret: The user agent's 16-byte authentication secret (`auth`).
    ///   - salt: 16 bytes; random by default. Inject only in tests.
    ///   - serverKey: The application server's ECDH key pair; new by default. Inject only in tests.
    ///   - recordSize: The `rs` header value; 4096 by default.
    /// - Returns: The `aes128gcm` request body: the 86-byte header followed by one record.
    /// - Throws: ``WebPushEncryptionError``.
    public static func encrypt(
        payload: some DataProtocol,
        subscriptionKey: P256.KeyAgreement.PublicKey,
        authSecret: Data,
        salt: Data = randomSalt(),
        serverKey: P256.KeyAgreement.PrivateKey = P256.KeyAgreement.PrivateKey(),
        recordSize: Int = defaultRecordSize
    ) throws(WebPushEncryptionError) -> Data {
        guard let payloadLimit = maximumPayloadLength(recordSize: recordSize) else {
            throw .recordSizeOutOfRange(recordSize)
        }
        guard payload.count <= payloadLimit else {
            throw .payloadTooLarge(byteCount: payload.count, limit: payloadLimit)
        }
        guard authSecret.count == WebPushSubscription.authSecretLength else {
            throw .authSecretWrongLength(byteCount: authSecret.count)
        }
        guard salt.count == saltLength else {
            throw .saltWrongLength(byteCount: salt.count)
        }

        let userAgentPublicKey = subscriptionKey.x963Representation
        let applicationServerPublicKey = serverKey.publicKey.x963Representation

        let sealed: AES.GCM.SealedBox
        do {
            let sharedSecret = try serverKey.sharedSecretFromKeyAgreement(with: subscriptionKey)
            let keys = WebPushKeySchedule(
                sharedSecret: sharedSecret,
                authSecret: authSecret,
                userAgentPublicKey: userAgentPublicKey,
                applicationServerPublicKey: applicationServerPublicKey,
                salt: salt
            )
            var plaintext = Data(payload)
            plaintext.append(0x02)  // padding delimiter of the last record, no further padding
            sealed = try AES.GCM.seal(plaintext, using: keys.contentEncryptionKey, nonce: keys.nonce())
        } catch {
            throw .cryptographyFailed(String(describing: error))
        }

        var body = Data()
        body.reserveCapacity(headerLength + payload.count + paddingDelimiterLength + tagLength)
        body.append(salt)
        let rs = UInt32(recordSize)
        body.append(contentsOf: [
            UInt8(truncatingIfNeeded: rs >> 24), UInt8(truncatingIfNeeded: rs >> 16),
            UInt8(truncatingIfNeeded: rs >> 8), UInt8(truncatingIfNeeded: rs),
        ])
        body.append(UInt8(applicationServerPublicKey.count))
        body.append(applicationServerPublicKey)
        body.append(sealed.ciphertext)
        body.append(sealed.tag)
        return body
    }
}
