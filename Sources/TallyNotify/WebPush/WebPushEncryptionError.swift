import Foundation

/// Why a Web Push payload could not be encrypted.
public enum WebPushEncryptionError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// The payload does not fit in a single record of the push message.
    case payloadTooLarge(byteCount: Int, limit: Int)
    /// The authentication secret is not 16 bytes.
    case authSecretWrongLength(byteCount: Int)
    /// The salt is not 16 bytes.
    case saltWrongLength(byteCount: Int)
    /// The record size is outside `18...UInt32.max` (RFC 8188 §2.1).
    case recordSizeOutOfRange(Int)
    /// The underlying cryptographic library failed; the message is its description.
    case cryptographyFailed(String)

    public var description: String {
        switch self {
        case .payloadTooLarge(let byteCount, let limit):
            return "the payload is \(byteCount) bytes, more than the \(limit) bytes that fit in one Web Push record"
        case .authSecretWrongLength(let byteCount):
            return "the auth secret must be 16 bytes, got \(byteCount)"
        case .saltWrongLength(let byteCount):
            return "the salt must be 16 bytes, got \(byteCount)"
        case .recordSizeOutOfRange(let recordSize):
            return "the record size must be between 18 and \(UInt32.max), got \(recordSize)"
        case .cryptographyFailed(let message):
            return "encrypting the push message failed in the crypto library: \(message)"
        }
    }

    public var errorDescription: String? { description }
}
