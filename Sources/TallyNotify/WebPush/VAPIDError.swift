import Foundation

/// Why VAPID keys could not be read, or a VAPID token could not be made.
public enum VAPIDError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    // MARK: Keys

    /// The stored private key is not base64url text.
    case privateKeyNotBase64URL
    /// The stored private key did not decode to 32 bytes.
    case privateKeyWrongLength(byteCount: Int)
    /// The 32 bytes are not a valid P-256 private scalar (zero, or not below the group order).
    case privateKeyInvalid
    /// A public key (`k=`, or an `applicationServerKey`) is not base64url text.
    case publicKeyNotBase64URL
    /// A public key decoded, but not to a 65-byte uncompressed P-256 point.
    case publicKeyNotP256(byteCount: Int)

    // MARK: Making a token

    /// The audience is not an origin `scheme://host[:port]` (http or https, default port omitted, no path).
    case audienceNotOrigin(String)
    /// The subject is neither a `mailto:` address nor an `https:` URL.
    case subjectInvalid(String)
    /// The expiry is not after 1970-01-01, or a validity period is not in `(0, 24 h]`.
    case expiryOutOfRange
    /// The crypto library failed to sign; the message is its description.
    case signingFailed(String)

    public var description: String {
        switch self {
        case .privateKeyNotBase64URL:
            return "the VAPID private key is not base64url"
        case .privateKeyWrongLength(let byteCount):
            return "the VAPID private key must be 32 bytes, got \(byteCount)"
        case .privateKeyInvalid:
            return "the VAPID private key is not a valid P-256 private key"
        case .publicKeyNotBase64URL:
            return "the VAPID public key is not base64url"
        case .publicKeyNotP256(let byteCount):
            return
                "the VAPID public key is not a P-256 public key: expected a 65-byte uncompressed point, got \(byteCount) bytes"
                + (byteCount == 65 ? " that are not on the curve" : "")
        case .audienceNotOrigin(let audience):
            return
                "the VAPID audience must be the push endpoint's origin, scheme://host[:port] with http or https, the default port omitted and no path, got \"\(audience)\""
        case .subjectInvalid(let subject):
            return "the VAPID subject must be a mailto: address or an https URL, got \"\(subject)\""
        case .expiryOutOfRange:
            return
                "the VAPID expiry must be after 1970 and, when given as a validity period, more than 0 and at most 24 hours"
        case .signingFailed(let message):
            return "signing the VAPID token failed in the crypto library: \(message)"
        }
    }

    public var errorDescription: String? { description }
}
