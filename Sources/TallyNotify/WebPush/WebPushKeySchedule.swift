import Crypto
import Foundation

/// The key derivation shared by the sender and the receiver of a Web Push
/// message (RFC 8291 §3.3–3.4 feeding RFC 8188 §2.2–2.3).
///
/// ```text
/// PRK_key  = HKDF-Extract(salt = auth_secret, IKM = ecdh_secret)
/// key_info = "WebPush: info" || 0x00 || ua_public || as_public
/// IKM      = HKDF-Expand(PRK_key, key_info, 32)
/// PRK      = HKDF-Extract(salt, IKM)
/// CEK      = HKDF-Expand(PRK, "Content-Encoding: aes128gcm" || 0x00, 16)
/// NONCE    = HKDF-Expand(PRK, "Content-Encoding: nonce" || 0x00, 12)
/// ```
///
/// A Web Push message has a single record, whose sequence number is zero, so
/// NONCE is used as is.
struct WebPushKeySchedule {
    /// The 32-byte input keying material for RFC 8188, combining ECDH and auth secrets.
    let inputKeyingMaterial: SymmetricKey
    /// The 16-byte AES-128-GCM content encryption key.
    let contentEncryptionKey: SymmetricKey
    /// The 12 bytes of the nonce for the (single) record.
    let nonceBytes: Data

    private static let keyInfoLabel = Data("WebPush: info".utf8) + [0x00]
    private static let contentEncryptionKeyInfo = Data("Content-Encoding: aes128gcm".utf8) + [0x00]
    private static let nonceInfo = Data("Content-Encoding: nonce".utf8) + [0x00]

    /// Derives the content encryption key and nonce.
    ///
    /// - Parameters:
    ///   - sharedSecret: The P-256 ECDH shared secret (the x coordinate, 32 bytes).
    ///   - authSecret: The user agent's 16-byte authentication secret.
    ///   - userAgentPublicKey: The user agent's public key, 65-byte uncompressed form.
    ///   - applicationServerPublicKey: The application server's public key, 65-byte uncompressed form.
    ///   - salt: The 16-byte salt from the content coding header.
    init(
        sharedSecret: SharedSecret,
        authSecret: Data,
        userAgentPublicKey: Data,
        applicationServerPublicKey: Data,
        salt: Data
    ) {
        let ecdhSecret = SymmetricKey(data: sharedSecret.withUnsafeBytes { Data($0) })
        let keyCombiningPRK = HKDF<SHA256>.extract(inputKeyMaterial: ecdhSecret, salt: authSecret)
        let keyInfo = Self.keyInfoLabel + userAgentPublicKey + applicationServerPublicKey
        let ikm = HKDF<SHA256>.expand(pseudoRandomKey: keyCombiningPRK, info: keyInfo, outputByteCount: 32)

        let contentPRK = HKDF<SHA256>.extract(inputKeyMaterial: ikm, salt: salt)
        self.inputKeyingMaterial = ikm
        self.contentEncryptionKey = HKDF<SHA256>.expand(
            pseudoRandomKey: contentPRK,
            info: Self.contentEncryptionKeyInfo,
            outputByteCount: 16
        )
        self.nonceBytes = HKDF<SHA256>.expand(
            pseudoRandomKey: contentPRK,
            info: Self.nonceInfo,
            outputByteCount: 12
        ).withUnsafeBytes { Data($0) }
    }

    /// The nonce as an AES-GCM nonce.
    ///
    /// - Throws: Only if the nonce were not 12 bytes, which the derivation rules out.
    func nonce() throws -> AES.GCM.Nonce {
        try AES.GCM.Nonce(data: nonceBytes)
    }
}
