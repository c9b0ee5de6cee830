import Foundation
import TallyNotify

/// Why a VAPID token did not verify (``VAPIDToken/verify(_:publicKey:expectedAudience:now:)``, in the tests).
enum VAPIDVerificationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The header's `k=` key could not be read.
    case key(VAPIDError)
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

    var description: String {
        switch self {
        case .key(let error):
            return error.description
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

    private static func timestamp(_ date: Date) -> String {
        "\(Int64(date.timeIntervalSince1970.rounded(.down))) (\(date.ISO8601Format()))"
    }
}
