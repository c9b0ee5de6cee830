import Crypto
import Foundation
import TallyCore

/// A VAPID token (RFC 8292): an ES256-signed JWT that identifies the
/// application server to a push service.
///
/// The token is `base64url(header) . base64url(claims) . base64url(signature)`
/// with header `{"typ":"JWT","alg":"ES256"}`, claims
/// `{"aud":…,"exp":…,"sub":…}` (`exp` in whole seconds since 1970) and the
/// signature as the raw 64-byte `r || s` of ECDSA P-256 with SHA-256, all
/// base64url without padding. It is sent as
///
/// ```text
/// Authorization: vapid t=<jwt>, k=<base64url uncompressed public key>
/// ```
///
/// A push service refuses a token whose `exp` is more than 24 hours ahead
/// (RFC 8292 §2); the endpoint-based initializer enforces that, the
/// explicit-expiry one leaves it to the caller.
public struct VAPIDToken: Sendable, Equatable {
    /// The claims of a VAPID token.
    public struct Claims: Sendable, Equatable {
        /// `aud`: the origin of the push endpoint, `scheme://host[:port]`.
        public var audience: String
        /// `exp`: when the token stops being valid, in whole seconds.
        public var expiry: Date
        /// `sub`: a `mailto:` address or `https:` URL to contact the operator.
        public var subject: String

        /// Creates claims.
        public init(audience: String, expiry: Date, subject: String) {
            self.audience = audience
            self.expiry = expiry
            self.subject = subject
        }
    }

    /// The longest validity a push service must accept: 24 hours.
    public static let maximumValidity: TimeInterval = 24 * 60 * 60
    /// The validity used when none is given: 12 hours.
    public static let defaultValidity: TimeInterval = 12 * 60 * 60

    /// The compact JWT, `header.claims.signature`.
    public let jwt: String
    /// The claims that were signed (`expiry` truncated to whole seconds).
    public let claims: Claims
    /// The signer's public key, base64url of its 65-byte uncompressed form (the `k=` parameter).
    public let publicKeyBase64URL: String

    /// The value of the `Authorization` header: `vapid t=<jwt>, k=<public key>`.
    public var authorizationHeaderValue: String {
        "vapid t=\(jwt), k=\(publicKeyBase64URL)"
    }

    /// The JWT header, fixed for VAPID: `{"typ":"JWT","alg":"ES256"}`.
    static let headerJSON = #"{"typ":"JWT","alg":"ES256"}"#

    /// Signs a token.
    ///
    /// - Parameters:
    ///   - privateKey: The application server's VAPID signing key.
    ///   - audience: The push endpoint's origin, exactly `scheme://host[:port]`: `http`
    ///     or `https`, lowercase, the default port omitted, no path or trailing slash.
    ///     ``audience(for:)`` computes it from an endpoint URL.
    ///   - expiry: When the token expires; fractional seconds are dropped. Keep it
    ///     within 24 hours of the push, or the push service will refuse it.
    ///   - subject: A `mailto:` address or an `https:` URL.
    /// - Throws: ``VAPIDError``.
    public init(privateKey: P256.Signing.PrivateKey, audience: String, expiry: Date, subject: String) throws(VAPIDError)
    {
        guard let url = URL(string: audience), (try? Self.audience(for: url)) == audience else {
            throw .audienceNotOrigin(audience)
        }
        guard Self.isValidSubject(subject) else {
            throw .subjectInvalid(subject)
        }
        let seconds = expiry.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite, seconds > 0, seconds < 1e15 else {
            throw .expiryOutOfRange
        }
        let expirySeconds = Int64(seconds)

        let claimsJSON: Data
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            claimsJSON = try encoder.encode(WireClaims(aud: audience, exp: expirySeconds, sub: subject))
        } catch {
            throw .signingFailed(String(describing: error))
        }

        let signingInput = Base64URL.encode(Data(Self.headerJSON.utf8)) + "." + Base64URL.encode(claimsJSON)
        let signature: P256.Signing.ECDSASignature
        do {
            signature = try privateKey.signature(for: Data(signingInput.utf8))
        } catch {
            throw .signingFailed(String(describing: error))
        }

        self.jwt = signingInput + "." + Base64URL.encode(signature.rawRepresentation)
        self.claims = Claims(
            audience: audience, expiry: Date(timeIntervalSince1970: Double(expirySeconds)), subject: subject)
        self.publicKeyBase64URL = Base64URL.encode(privateKey.publicKey.x963Representation)
    }

    /// Signs a token for a push endpoint, valid from `now` for `validFor` seconds.
    ///
    /// - Parameters:
    ///   - privateKey: The application server's VAPID signing key.
    ///   - endpoint: The subscription's push endpoint; its origin becomes `aud`.
    ///   - subject: A `mailto:` address or an `https:` URL.
    ///   - validFor: Seconds until expiry, more than 0 and at most 24 hours; 12 hours by default.
    ///   - now: The current time.
    /// - Throws: ``VAPIDError``.
    public init(
        privateKey: P256.Signing.PrivateKey,
        endpoint: URL,
        subject: String,
        validFor: TimeInterval = defaultValidity,
        now: Date
    ) throws(VAPIDError) {
        guard validFor > 0, validFor <= Self.maximumValidity else {
            throw .expiryOutOfRange
        }
        try self.init(
            privateKey: privateKey,
            audience: Self.audience(for: endpoint),
            expiry: now.addingTimeInterval(validFor),
            subject: subject
        )
    }

    /// The origin of a push endpoint, as VAPID's `aud` claim wants it:
    /// `scheme://host[:port]`, lowercase, with the default port (443, 80) omitted.
    ///
    /// - Parameter endpoint: An `http` or `https` URL with a host.
    /// - Returns: For `https://Push.Example.net:443/send/abc` → `https://push.example.net`.
    /// - Throws: ``VAPIDError/audienceNotOrigin(_:)`` when the URL has no http(s) origin.
    public static func audience(for endpoint: URL) throws(VAPIDError) -> String {
        guard let scheme = endpoint.scheme?.lowercased(), scheme == "https" || scheme == "http",
            let rawHost = endpoint.host(percentEncoded: true), !rawHost.isEmpty
        else {
            throw .audienceNotOrigin(endpoint.absoluteString)
        }
        let host = rawHost.lowercased()
        var origin = scheme + "://" + (host.contains(":") ? "[\(host)]" : host)
        if let port = endpoint.port, port != (scheme == "https" ? 443 : 80) {
            origin += ":\(port)"
        }
        return origin
    }

    // MARK: - Private

    private struct WireClaims: Encodable {
        let aud: String
        let exp: Int64
        let sub: String
    }

    private static func isValidSubject(_ subject: String) -> Bool {
        guard !subject.contains(where: { $0.isWhitespace }) else { return false }
        let lowercased = subject.lowercased()
        if lowercased.hasPrefix("mailto:") {
            return subject.count > "mailto:".count
        }
        if lowercased.hasPrefix("https:"), let url = URL(string: subject), let host = url.host, !host.isEmpty {
            return true
        }
        return false
    }
}
