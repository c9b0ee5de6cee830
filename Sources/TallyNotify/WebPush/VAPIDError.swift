import Foundation

/// Why VAPID keys could not be read, or a VAPID token could not be made or verified.
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

    // MARK: Verifying a token

    /// The `Authorization` header value is not `vapid t=<jwt>, k=<key>`.
    case authorizationHeaderMalformed(String)
    /// The token is not a well-formed JWT; the message says which part is wrong.
    case tokenMalformed(String)
    /// The JWT header names an algorithm other than ES256.
    case unsupportedAlgorithm(String)
    /// The JWT lacks a claim VAPID needs (`aud`, `exp` or `sub`).
    case missingClaim(String)
    /// The signature segment is not a 64-byte `r || s` value.
    case signatureMalformed(byteCount: Int)
    /// The signature does not verify with the public key.
    case signatureInvalid
    /// The header's `k=` key is not the key the token was checked against.
    case publicKeyMismatch
    /// The token's `exp` is not after the time of checking.
    case expired(expiry: Date, now: Date)
    /// The token's `exp` is more than 24 hours after the time of checking (RFC 8292 §2).
    case expiryTooFarAhead(expiry: Date, now: Date)
    /// The token's `aud` is not the expected origin.
    case audienceMismatch(expected: String, actual: String)

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
        case .authorizationHeaderMalformed(let reason):
            return "the Authorization header is not \"vapid t=<jwt>, k=<key>\": \(reason)"
        case .tokenMalformed(let reason):
            return "the VAPID token is not a well-formed JWT: \(reason)"
        case .unsupportedAlgorithm(let algorithm):
            return "the VAPID token's algorithm must be ES256, got \"\(algorithm)\""
        case .missingClaim(let claim):
            return "the VAPID token has no \"\(claim)\" claim"
        case .signatureMalformed(let byteCount):
            return "the VAPID token's signature must be 64 bytes (r || s), got \(byteCount)"
        case .signatureInvalid:
            return "the VAPID token's signature does not verify with the public key"
        case .publicKeyMismatch:
            return "the Authorization header's k= key is not the expected VAPID public key"
        case .expired(let expiry, let now):
            return "the VAPID token expired at \(Self.timestamp(expiry)) (now \(Self.timestamp(now)))"
        case .expiryTooFarAhead(let expiry, let now):
            return
                "the VAPID token expires at \(Self.timestamp(expiry)), more than 24 hours after \(Self.timestamp(now))"
        case .audienceMismatch(let expected, let actual):
            return "the VAPID token's audience is \"\(actual)\", expected \"\(expected)\""
        }
    }

    public var errorDescription: String? { description }

    private static func timestamp(_ date: Date) -> String {
        "\(Int64(date.timeIntervalSince1970.rounded(.down))) (\(date.ISO8601Format()))"
    }
}
