import Foundation

/// Why a push subscription's keys or endpoint could not be accepted.
public enum WebPushSubscriptionError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// The `p256dh` value is not base64url text.
    case publicKeyNotBase64URL
    /// The `p256dh` value decoded, but not to a 65-byte uncompressed P-256 point.
    ///
    /// `byteCount` is the decoded length; when it is 65 the bytes were not a point on the curve.
    case publicKeyNotP256(byteCount: Int)
    /// The `auth` value is not base64url text.
    case authSecretNotBase64URL
    /// The `auth` value decoded to something other than 16 bytes.
    case authSecretWrongLength(byteCount: Int)
    /// The endpoint is not an `http` or `https` URL with a host.
    case endpointNotHTTP(String)

    public var description: String {
        switch self {
        case .publicKeyNotBase64URL:
            return "the subscription's p256dh key is not base64url"
        case .publicKeyNotP256(let byteCount) where byteCount == WebPushSubscription.publicKeyLength:
            return
                "the subscription's p256dh key is not a P-256 public key: its 65 bytes are not an uncompressed point (0x04 | x | y) on the curve"
        case .publicKeyNotP256(let byteCount):
            return
                "the subscription's p256dh key is not a P-256 public key: expected a 65-byte uncompressed point, got \(byteCount) bytes"
        case .authSecretNotBase64URL:
            return "the subscription's auth secret is not base64url"
        case .authSecretWrongLength(let byteCount):
            return "the auth secret must be 16 bytes, got \(byteCount)"
        case .endpointNotHTTP(let endpoint):
            return "the subscription's endpoint must be an http or https URL with a host, got \"\(endpoint)\""
        }
    }

    public var errorDescription: String? { description }
}
