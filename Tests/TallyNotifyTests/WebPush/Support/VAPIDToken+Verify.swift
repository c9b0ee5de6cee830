import Crypto
import Foundation
import TallyCore
import TallyNotify

/// Checking a VAPID token as a push service does: what the tests use to read what the server signs (the
/// server itself only signs).
extension VAPIDToken {
    /// Verifies a token and returns its claims.
    ///
    /// - Parameters:
    ///   - authorization: Either an `Authorization` header value (`vapid t=<jwt>, k=<key>`)
    ///     or a bare JWT.
    ///   - publicKey: The key the token must be signed with. When the header carries
    ///     `k=`, it must be this key.
    ///   - expectedAudience: If given, the `aud` the token must carry.
    ///   - now: The time to check `exp` against: it must be after `now` and at most
    ///     24 hours later.
    /// - Returns: The verified claims.
    /// - Throws: ``VAPIDVerificationError`` naming the first thing that is wrong.
    static func verify(
        _ authorization: String,
        publicKey: P256.Signing.PublicKey,
        expectedAudience: String? = nil,
        now: Date
    ) throws(VAPIDVerificationError) -> Claims {
        let (token, keyParameter) = try parseAuthorization(authorization)
        if let keyParameter {
            let headerKey: P256.Signing.PublicKey
            do {
                headerKey = try VAPIDKeys.publicKey(fromBase64URL: keyParameter)
            } catch {
                throw .key(error)
            }
            guard headerKey.x963Representation == publicKey.x963Representation else {
                throw .publicKeyMismatch
            }
        }

        let segments = token.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count == 3 else {
            throw .tokenMalformed("expected three dot-separated segments, got \(segments.count)")
        }
        guard let headerBytes = Base64URL.decode(segments[0]) else {
            throw .tokenMalformed("the header segment is not base64url")
        }
        guard let claimsBytes = Base64URL.decode(segments[1]) else {
            throw .tokenMalformed("the claims segment is not base64url")
        }
        guard let signatureBytes = Base64URL.decode(segments[2]) else {
            throw .tokenMalformed("the signature segment is not base64url")
        }

        guard let header = try? JSONDecoder().decode(WireHeader.self, from: headerBytes) else {
            throw .tokenMalformed("the header is not a JSON object with string typ and alg")
        }
        guard let algorithm = header.alg else {
            throw .tokenMalformed("the header has no alg")
        }
        guard algorithm == "ES256" else {
            throw .unsupportedAlgorithm(algorithm)
        }

        guard signatureBytes.count == 64,
            let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signatureBytes)
        else {
            throw .signatureMalformed(byteCount: signatureBytes.count)
        }
        let signingInput = Data("\(segments[0]).\(segments[1])".utf8)
        guard publicKey.isValidSignature(signature, for: signingInput) else {
            throw .signatureInvalid
        }

        guard let wire = try? JSONDecoder().decode(WireVerifiedClaims.self, from: claimsBytes) else {
            throw .tokenMalformed("the claims are not a JSON object with string aud and sub and numeric exp")
        }
        guard let audience = wire.aud else { throw .missingClaim("aud") }
        guard let exp = wire.exp else { throw .missingClaim("exp") }
        guard let subject = wire.sub else { throw .missingClaim("sub") }

        let expiry = Date(timeIntervalSince1970: exp)
        guard expiry > now else {
            throw .expired(expiry: expiry, now: now)
        }
        guard expiry <= now.addingTimeInterval(VAPIDToken.maximumValidity) else {
            throw .expiryTooFarAhead(expiry: expiry, now: now)
        }
        if let expectedAudience, audience != expectedAudience {
            throw .audienceMismatch(expected: expectedAudience, actual: audience)
        }
        return Claims(audience: audience, expiry: expiry, subject: subject)
    }

    private struct WireVerifiedClaims: Decodable {
        let aud: String?
        let exp: Double?
        let sub: String?
    }

    private struct WireHeader: Decodable {
        let typ: String?
        let alg: String?
    }

    /// Splits `vapid t=<jwt>, k=<key>` into its token and key; a value without a
    /// space is taken as a bare token.
    private static func parseAuthorization(
        _ value: String
    ) throws(VAPIDVerificationError) -> (token: String, key: String?) {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard let space = trimmed.firstIndex(of: " ") else {
            return (trimmed, nil)
        }
        let scheme = trimmed[..<space]
        guard scheme.lowercased() == "vapid" else {
            throw .authorizationHeaderMalformed("the scheme is \"\(scheme)\", not vapid")
        }
        var token: String?
        var key: String?
        for part in trimmed[space...].split(separator: ",") {
            let parameter = part.trimmingCharacters(in: .whitespaces)
            guard let equals = parameter.firstIndex(of: "=") else {
                throw .authorizationHeaderMalformed("\"\(parameter)\" is not name=value")
            }
            let name = parameter[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            var parameterValue = parameter[parameter.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if parameterValue.count >= 2, parameterValue.hasPrefix("\""), parameterValue.hasSuffix("\"") {
                parameterValue = String(parameterValue.dropFirst().dropLast())
            }
            switch name {
            case "t":
                guard token == nil else { throw .authorizationHeaderMalformed("it has more than one t= parameter") }
                token = parameterValue
            case "k":
                guard key == nil else { throw .authorizationHeaderMalformed("it has more than one k= parameter") }
                key = parameterValue
            default:
                continue  // unknown auth-params are ignored
            }
        }
        guard let token, !token.isEmpty else {
            throw .authorizationHeaderMalformed("it has no t= parameter")
        }
        return (token, key)
    }
}
