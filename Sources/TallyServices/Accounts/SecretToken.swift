import Crypto
import Foundation
import TallyCore

/// Random secrets (session ids, API tokens, invite codes, anti-forgery tokens) and the digests stored
/// in their place. 32 random bytes from the system's generator, written as unpadded base64url.
public enum SecretToken {
    public static func make(prefix: String = "") -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return prefix + Base64URL.encode(bytes)
    }

    /// Lowercase hex SHA-256: what the database keeps instead of the secret.
    public static func digest(_ secret: String) -> String {
        Hex.string(SHA256.hash(data: Data(secret.utf8)))
    }

    /// Compares two secrets in time that does not depend on where they differ.
    public static func matches(_ given: String, _ expected: String) -> Bool {
        let lhs = Array(given.utf8)
        let rhs = Array(expected.utf8)
        guard lhs.count == rhs.count, !rhs.isEmpty else { return false }
        return zip(lhs, rhs).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
