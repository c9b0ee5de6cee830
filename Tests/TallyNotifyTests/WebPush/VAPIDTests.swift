import Crypto
import Foundation
import TallyCore
import Testing

@testable import TallyNotify

/// RFC 8292 §2.4: the example token and the public key that verifies it,
/// transcribed from the RFC. The token expired in January 2016.
enum RFC8292 {
    static let token =
        "eyJ0eXAiOiJKV1QiLCJhbGciOiJFUzI1NiJ9"
        + ".eyJhdWQiOiJodHRwczovL3B1c2guZXhhbXBsZS5uZXQiLCJleHAiOjE0NTM1MjM3NjgsInN1YiI6Im1haWx0bzpwdXNoQGV4YW1wbGUuY29tIn0"
        + ".i3CYb7t4xfxCDquptFOepC9GAu_HLGkMlMuCGSK2rpiUfnK9ojFwDXb1JrErtmysazNjjvW2L9OkSSHzvoD1oA"
    static let publicKey = "BA1Hxzyi1RUM1b5wjxsn7nGxAszw2u61m164i3MrAIxHF6YK5h4SDYic-dRuU_RCPCfA5aq9ojSwk5Y2EmClBPs"
    static let audience = "https://push.example.net"
    static let expiry = Date(timeIntervalSince1970: 1_453_523_768)
    static let subject = "mailto:push@example.com"
    /// A time at which the example token was valid.
    static let validAt = expiry.addingTimeInterval(-3600)
}

@Suite("VAPID")
struct VAPIDTests {
    let keys = VAPIDKeys()
    let audience = "https://push.example.net"
    let subject = "mailto:admin@tally.example"
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    var expiry: Date { now.addingTimeInterval(12 * 3600) }

    func segments(_ jwt: String) -> [String] {
        jwt.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    func json(_ segment: String) throws -> [String: Any] {
        let bytes = try #require(Base64URL.decode(segment))
        return try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
    }

    @Test("a token verifies with its public key and carries the given aud, exp and sub")
    func signAndVerify() throws {
        let token = try VAPIDToken(privateKey: keys.privateKey, audience: audience, expiry: expiry, subject: subject)
        #expect(token.claims == VAPIDToken.Claims(audience: audience, expiry: expiry, subject: subject))

        let claims = try VAPIDToken.verify(token.jwt, publicKey: keys.publicKey, expectedAudience: audience, now: now)
        #expect(claims.audience == audience)
        #expect(claims.expiry == expiry)
        #expect(claims.subject == subject)

        let parts = segments(token.jwt)
        #expect(parts.count == 3)
        #expect(try #require(Base64URL.decode(parts[0])) == Data(#"{"typ":"JWT","alg":"ES256"}"#.utf8))
        let body = try json(parts[1])
        #expect(body["aud"] as? String == audience)
        #expect(body["sub"] as? String == subject)
        #expect((body["exp"] as? NSNumber)?.int64Value == 1_800_043_200)
        let claimsText = String(decoding: try #require(Base64URL.decode(parts[1])), as: UTF8.self)
        #expect(
            claimsText == #"{"aud":"https://push.example.net","exp":1800043200,"sub":"mailto:admin@tally.example"}"#)
        #expect(try #require(Base64URL.decode(parts[2])).count == 64)
        #expect(!token.jwt.contains("="))
    }

    @Test("the signature is raw r||s that verifies independently over header.claims")
    func rawSignature() throws {
        let token = try keys.token(audience: audience, expiry: expiry, subject: subject)
        let parts = segments(token.jwt)
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: #require(Base64URL.decode(parts[2])))
        #expect(keys.publicKey.isValidSignature(signature, for: Data("\(parts[0]).\(parts[1])".utf8)))
    }

    @Test("the same claims produce the RFC 8292 example's header and claims segments exactly")
    func rfcSigningInput() throws {
        let token = try VAPIDToken(
            privateKey: keys.privateKey, audience: RFC8292.audience, expiry: RFC8292.expiry, subject: RFC8292.subject)
        let ours = segments(token.jwt)
        let theirs = segments(RFC8292.token)
        #expect(ours[0] == theirs[0])
        #expect(ours[1] == theirs[1])
    }

    @Test("the RFC 8292 example token verifies with the example key, bare and as a header")
    func rfcExampleVerifies() throws {
        let key = try VAPIDKeys.publicKey(fromBase64URL: RFC8292.publicKey)
        let expected = VAPIDToken.Claims(audience: RFC8292.audience, expiry: RFC8292.expiry, subject: RFC8292.subject)
        #expect(try VAPIDToken.verify(RFC8292.token, publicKey: key, now: RFC8292.validAt) == expected)
        let header = "vapid t=\(RFC8292.token), k=\(RFC8292.publicKey)"
        #expect(
            try VAPIDToken.verify(header, publicKey: key, expectedAudience: RFC8292.audience, now: RFC8292.validAt)
                == expected)
        #expect(throws: VAPIDVerificationError.expired(expiry: RFC8292.expiry, now: RFC8292.expiry)) {
            try VAPIDToken.verify(RFC8292.token, publicKey: key, now: RFC8292.expiry)
        }
    }

    @Test("verification fails with another key")
    func wrongKeyFails() throws {
        let token = try keys.token(audience: audience, expiry: expiry, subject: subject)
        #expect(throws: VAPIDVerificationError.signatureInvalid) {
            try VAPIDToken.verify(token.jwt, publicKey: VAPIDKeys().publicKey, now: now)
        }
        // In header form the k= key must also be the expected key.
        #expect(throws: VAPIDVerificationError.publicKeyMismatch) {
            try VAPIDToken.verify(token.authorizationHeaderValue, publicKey: VAPIDKeys().publicKey, now: now)
        }
    }

    @Test("verification fails when a claim is tampered with")
    func tamperedClaimFails() throws {
        let token = try keys.token(audience: audience, expiry: expiry, subject: subject)
        let parts = segments(token.jwt)
        let forgedClaims = #"{"aud":"https://evil.example","exp":1800043200,"sub":"mailto:admin@tally.example"}"#
        let forged = [parts[0], Base64URL.encode(Data(forgedClaims.utf8)), parts[2]].joined(separator: ".")
        #expect(throws: VAPIDVerificationError.signatureInvalid) {
            try VAPIDToken.verify(forged, publicKey: keys.publicKey, now: now)
        }
        let laterExpiry = #"{"aud":"https://push.example.net","exp":1800043201,"sub":"mailto:admin@tally.example"}"#
        let extended = [parts[0], Base64URL.encode(Data(laterExpiry.utf8)), parts[2]].joined(separator: ".")
        #expect(throws: VAPIDVerificationError.signatureInvalid) {
            try VAPIDToken.verify(extended, publicKey: keys.publicKey, now: now)
        }
        var signature = try #require(Base64URL.decode(parts[2]))
        signature[10] ^= 0x01
        let badSignature = [parts[0], parts[1], Base64URL.encode(signature)].joined(separator: ".")
        #expect(throws: VAPIDVerificationError.signatureInvalid) {
            try VAPIDToken.verify(badSignature, publicKey: keys.publicKey, now: now)
        }
    }

    @Test("expiry, far-future expiry and audience are checked")
    func claimChecks() throws {
        let token = try keys.token(audience: audience, expiry: expiry, subject: subject)
        #expect(throws: VAPIDVerificationError.expired(expiry: expiry, now: expiry)) {
            try VAPIDToken.verify(token.jwt, publicKey: keys.publicKey, now: expiry)
        }
        let early = expiry.addingTimeInterval(-24 * 3600 - 1)
        #expect(throws: VAPIDVerificationError.expiryTooFarAhead(expiry: expiry, now: early)) {
            try VAPIDToken.verify(token.jwt, publicKey: keys.publicKey, now: early)
        }
        #expect(
            throws: VAPIDVerificationError.audienceMismatch(expected: "https://fcm.googleapis.com", actual: audience)
        ) {
            try VAPIDToken.verify(
                token.jwt, publicKey: keys.publicKey, expectedAudience: "https://fcm.googleapis.com", now: now)
        }
    }

    @Test("malformed tokens and headers give clear errors")
    func malformed() throws {
        let key = keys.publicKey
        #expect(throws: VAPIDVerificationError.tokenMalformed("expected three dot-separated segments, got 2")) {
            try VAPIDToken.verify("a.b", publicKey: key, now: now)
        }
        #expect(throws: VAPIDVerificationError.tokenMalformed("the header segment is not base64url")) {
            try VAPIDToken.verify("a+.b.c", publicKey: key, now: now)
        }
        let parts = segments(try keys.token(audience: audience, expiry: expiry, subject: subject).jwt)
        let hs256 = Base64URL.encode(Data(#"{"typ":"JWT","alg":"HS256"}"#.utf8))
        #expect(throws: VAPIDVerificationError.unsupportedAlgorithm("HS256")) {
            try VAPIDToken.verify("\(hs256).\(parts[1]).\(parts[2])", publicKey: key, now: now)
        }
        #expect(throws: VAPIDVerificationError.signatureMalformed(byteCount: 3)) {
            try VAPIDToken.verify("\(parts[0]).\(parts[1]).AAAA", publicKey: key, now: now)
        }
        #expect(throws: VAPIDVerificationError.authorizationHeaderMalformed("the scheme is \"Bearer\", not vapid")) {
            try VAPIDToken.verify("Bearer \(parts.joined(separator: "."))", publicKey: key, now: now)
        }
        #expect(throws: VAPIDVerificationError.authorizationHeaderMalformed("it has no t= parameter")) {
            try VAPIDToken.verify("vapid k=\(keys.publicKeyBase64URL)", publicKey: key, now: now)
        }
    }

    @Test("the Authorization header is vapid t=<jwt>, k=<65-byte public key>")
    func headerFormat() throws {
        let token = try keys.token(audience: audience, expiry: expiry, subject: subject)
        let value = token.authorizationHeaderValue
        #expect(value == "vapid t=\(token.jwt), k=\(keys.publicKeyBase64URL)")
        #expect(
            value.wholeMatch(of: /vapid t=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+, k=[A-Za-z0-9_-]{87}/) != nil)
        #expect(try #require(Base64URL.decode(token.publicKeyBase64URL)) == keys.publicKey.x963Representation)

        let claims = try VAPIDToken.verify(value, publicKey: keys.publicKey, expectedAudience: audience, now: now)
        #expect(claims.expiry == expiry)
        // Scheme case, spacing and quoting are tolerated.
        let relaxed = "Vapid  t=\"\(token.jwt)\" ,k=\(keys.publicKeyBase64URL)"
        #expect(try VAPIDToken.verify(relaxed, publicKey: keys.publicKey, now: now) == claims)
    }

    @Test("the audience is the endpoint's origin with default ports omitted")
    func audienceForEndpoint() throws {
        let cases: [(String, String)] = [
            ("https://fcm.googleapis.com/fcm/send/abc:def", "https://fcm.googleapis.com"),
            (
                "https://Updates.Push.Services.Mozilla.com:443/wpush/v2/x?y=1#z",
                "https://updates.push.services.mozilla.com"
            ),
            ("https://push.example.net:8443/p", "https://push.example.net:8443"),
            ("http://127.0.0.1:80/push", "http://127.0.0.1"),
            ("http://127.0.0.1:9000/push", "http://127.0.0.1:9000"),
            ("http://[::1]:9000/push", "http://[::1]:9000"),
            ("https://web.push.apple.com", "https://web.push.apple.com"),
        ]
        for (endpoint, origin) in cases {
            #expect(try VAPIDToken.audience(for: #require(URL(string: endpoint))) == origin)
        }
        #expect(throws: VAPIDError.audienceNotOrigin("ftp://push.example.net/x")) {
            try VAPIDToken.audience(for: #require(URL(string: "ftp://push.example.net/x")))
        }
    }

    @Test("a token for an endpoint expires validFor seconds from now")
    func endpointToken() throws {
        let endpoint = try #require(URL(string: "https://push.example.net:443/send/xyz"))
        let token = try keys.token(endpoint: endpoint, subject: subject, validFor: 3600, now: now)
        #expect(token.claims.audience == "https://push.example.net")
        #expect(token.claims.expiry == now.addingTimeInterval(3600))
        #expect(throws: VAPIDError.expiryOutOfRange) {
            try keys.token(endpoint: endpoint, subject: subject, validFor: 24 * 3600 + 1, now: now)
        }
        #expect(throws: VAPIDError.expiryOutOfRange) {
            try keys.token(endpoint: endpoint, subject: subject, validFor: 0, now: now)
        }
    }

    @Test("exp drops fractional seconds")
    func expiryTruncated() throws {
        let token = try keys.token(
            audience: audience, expiry: Date(timeIntervalSince1970: 1_800_000_100.9), subject: subject)
        #expect(token.claims.expiry == Date(timeIntervalSince1970: 1_800_000_100))
        let body = try json(segments(token.jwt)[1])
        #expect((body["exp"] as? NSNumber)?.int64Value == 1_800_000_100)
    }

    @Test("audiences that are not exact origins, and bad subjects, are refused")
    func invalidInputs() throws {
        let bad = [
            "https://push.example.net/", "https://push.example.net/path", "https://push.example.net:443",
            "HTTPS://push.example.net", "https://Push.example.net", "push.example.net", "ftp://push.example.net", "",
        ]
        for audience in bad {
            #expect(throws: VAPIDError.audienceNotOrigin(audience)) {
                try keys.token(audience: audience, expiry: expiry, subject: subject)
            }
        }
        for subject in ["admin@tally.example", "mailto:", "http://tally.example", "https://", "mailto:a b@c"] {
            #expect(throws: VAPIDError.subjectInvalid(subject)) {
                try keys.token(audience: audience, expiry: expiry, subject: subject)
            }
        }
        _ = try keys.token(audience: audience, expiry: expiry, subject: "https://tally.example/contact")
        #expect(throws: VAPIDError.expiryOutOfRange) {
            try keys.token(audience: audience, expiry: Date(timeIntervalSince1970: 0), subject: subject)
        }
    }
}

@Suite("VAPID keys")
struct VAPIDKeysTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    @Test("the private key round-trips through base64url raw 32 bytes")
    func privateKeyRoundTrip() throws {
        let keys = VAPIDKeys()
        let text = keys.privateKeyBase64URL
        #expect(try #require(Base64URL.decode(text)).count == 32)
        let restored = try VAPIDKeys(privateKeyBase64URL: text)
        #expect(restored.publicKeyBase64URL == keys.publicKeyBase64URL)
        #expect(try VAPIDKeys(privateKeyBase64URL: text + "=").privateKeyBase64URL == text)

        // A token signed by the restored key verifies with the original public key.
        let token = try restored.token(
            audience: "https://push.example.net", expiry: now.addingTimeInterval(600), subject: "mailto:a@b.example")
        _ = try VAPIDToken.verify(token.authorizationHeaderValue, publicKey: keys.publicKey, now: now)
    }

    @Test("the public key is the 65-byte uncompressed applicationServerKey")
    func publicKeyFormat() throws {
        let keys = VAPIDKeys()
        let bytes = try #require(Base64URL.decode(keys.publicKeyBase64URL))
        #expect(bytes.count == 65)
        #expect(bytes.first == 0x04)
        #expect(keys.publicKeyBase64URL.count == 87)
        let parsed = try VAPIDKeys.publicKey(fromBase64URL: keys.publicKeyBase64URL)
        #expect(parsed.x963Representation == keys.publicKey.x963Representation)
    }

    @Test("bad stored keys give clear errors")
    func badKeys() {
        #expect(throws: VAPIDError.privateKeyNotBase64URL) { try VAPIDKeys(privateKeyBase64URL: "not/base64+") }
        #expect(throws: VAPIDError.privateKeyWrongLength(byteCount: 31)) {
            try VAPIDKeys(privateKeyBase64URL: Base64URL.encode(Data(repeating: 1, count: 31)))
        }
        #expect(throws: VAPIDError.privateKeyInvalid) {
            try VAPIDKeys(privateKeyBase64URL: Base64URL.encode(Data(count: 32)))  // zero is not a valid scalar
        }
        #expect(throws: VAPIDError.privateKeyInvalid) {
            // Above the group order.
            try VAPIDKeys(privateKeyBase64URL: Base64URL.encode(Data(repeating: 0xFF, count: 32)))
        }
        #expect(throws: VAPIDError.publicKeyNotBase64URL) { try VAPIDKeys.publicKey(fromBase64URL: "a b") }
        #expect(throws: VAPIDError.publicKeyNotP256(byteCount: 32)) {
            try VAPIDKeys.publicKey(fromBase64URL: Base64URL.encode(Data(count: 32)))
        }
        #expect(
            VAPIDError.privateKeyWrongLength(byteCount: 31).description
                == "the VAPID private key must be 32 bytes, got 31")
    }
}
