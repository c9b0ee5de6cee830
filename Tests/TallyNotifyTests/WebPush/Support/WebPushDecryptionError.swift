import Foundation
import TallyNotify

/// Why a Web Push body could not be decrypted.
enum WebPushDecryptionError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// The body is shorter than a header plus the smallest record.
    case bodyTooShort(byteCount: Int)
    /// The header's `idlen` is not 65, so its `keyid` cannot be an uncompressed P-256 key.
    case keyIDWrongLength(Int)
    /// The header's `keyid` is 65 bytes but not an uncompressed point on P-256.
    case senderKeyNotP256
    /// The header's `rs` is below the RFC 8188 minimum of 18.
    case recordSizeTooSmall(UInt32)
    /// The body holds more than `rs` bytes after the header, i.e. more than one record.
    case multipleRecords(recordLength: Int, recordSize: UInt32)
    /// The authentication secret is not 16 bytes.
    case authSecretWrongLength(byteCount: Int)
    /// AES-GCM rejected the record: wrong private key or auth secret, or a modified body.
    case authenticationFailed
    /// The decrypted record does not end in `0x02` followed only by zero bytes.
    case invalidPaddingDelimiter
    /// The underlying cryptographic library failed; the message is its description.
    case cryptographyFailed(String)

    var description: String {
        switch self {
        case .bodyTooShort(let byteCount):
            let minimum =
                WebPushEncryption.headerLength + WebPushEncryption.tagLength + WebPushEncryption.paddingDelimiterLength
            return
                "the body is \(byteCount) bytes; an aes128gcm Web Push body needs at least \(minimum) (86-byte header, 16-byte tag, 1-byte padding delimiter)"
        case .keyIDWrongLength(let length):
            return "the body's keyid must be a 65-byte uncompressed P-256 public key, but idlen is \(length)"
        case .senderKeyNotP256:
            return "the body's keyid is not a P-256 public key"
        case .recordSizeTooSmall(let recordSize):
            return "the body's record size (rs) is \(recordSize), below the minimum of 18"
        case .multipleRecords(let recordLength, let recordSize):
            return
                "the body has \(recordLength) bytes after the header, more than its record size of \(recordSize): a Web Push message must be a single record"
        case .authSecretWrongLength(let byteCount):
            return "the auth secret must be 16 bytes, got \(byteCount)"
        case .authenticationFailed:
            return "the record failed AES-GCM authentication: wrong private key or auth secret, or the body was altered"
        case .invalidPaddingDelimiter:
            return "the decrypted record does not end with the 0x02 padding delimiter followed only by zero bytes"
        case .cryptographyFailed(let message):
            return "decrypting the push message failed in the crypto library: \(message)"
        }
    }

    var errorDescription: String? { description }
}
