import Crypto
import Foundation
import TallyCore
import Testing

@testable import TallyNotify

@Suite("Subscription keys")
struct SubscriptionTests {
    let endpoint: URL

    init() throws {
        endpoint = try #require(URL(string: "https://push.example.net/push/JzLQ3raZJfFBR0aqvOMsLrt54w4rJUsV"))
    }

    @Test("the RFC's p256dh and auth parse, with or without padding")
    func parsesValidKeys() throws {
        let unpadded = try WebPushSubscription(
            endpoint: endpoint, p256dh: RFC8291.userAgentPublicKey, auth: RFC8291.authSecret)
        let padded = try WebPushSubscription(
            endpoint: endpoint, p256dh: RFC8291.userAgentPublicKey + "=", auth: RFC8291.authSecret + "==")
        #expect(unpadded == padded)
        #expect(unpadded.p256dh == RFC8291.userAgentPublicKey)
        #expect(unpadded.auth == RFC8291.authSecret)
        #expect(unpadded.authSecret.count == 16)
        #expect(unpadded.publicKey.x963Representation.count == 65)
    }

    @Test("a p256dh that is not base64url is refused")
    func publicKeyNotBase64URL() {
        for text in ["BCVx+r7N/eNg", "not base64!", "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcx aOzi6", "A"] {
            #expect(throws: WebPushSubscriptionError.publicKeyNotBase64URL) {
                try WebPushSubscription.parsePublicKey(text)
            }
        }
        #expect(
            WebPushSubscriptionError.publicKeyNotBase64URL.description
                == "the subscription's p256dh key is not base64url")
    }

    @Test("a p256dh of the wrong size, compressed, or off the curve is not a P-256 public key")
    func publicKeyNotP256() throws {
        let good = try #require(Base64URL.decode(RFC8291.userAgentPublicKey))

        #expect(throws: WebPushSubscriptionError.publicKeyNotP256(byteCount: 64)) {
            try WebPushSubscription.parsePublicKey(Base64URL.encode(good.dropFirst()))
        }
        #expect(throws: WebPushSubscriptionError.publicKeyNotP256(byteCount: 0)) {
            try WebPushSubscription.parsePublicKey("")
        }
        let compressed = P256.KeyAgreement.PrivateKey().publicKey.compressedRepresentation
        #expect(throws: WebPushSubscriptionError.publicKeyNotP256(byteCount: 33)) {
            try WebPushSubscription.parsePublicKey(Base64URL.encode(compressed))
        }
        var offCurve = good
        offCurve[64] ^= 0x01
        #expect(throws: WebPushSubscriptionError.publicKeyNotP256(byteCount: 65)) {
            try WebPushSubscription.parsePublicKey(Base64URL.encode(offCurve))
        }
        var wrongPrefix = good
        wrongPrefix[0] = 0x03
        #expect(throws: WebPushSubscriptionError.publicKeyNotP256(byteCount: 65)) {
            try WebPushSubscription.parsePublicKey(Base64URL.encode(wrongPrefix))
        }
        #expect(throws: WebPushSubscriptionError.publicKeyNotP256(byteCount: 65)) {
            try WebPushSubscription.parsePublicKey(Base64URL.encode(Data(count: 65)))
        }

        #expect(
            WebPushSubscriptionError.publicKeyNotP256(byteCount: 64).description
                == "the subscription's p256dh key is not a P-256 public key: expected a 65-byte uncompressed point, got 64 bytes"
        )
        #expect(
            WebPushSubscriptionError.publicKeyNotP256(byteCount: 65).description
                .hasPrefix("the subscription's p256dh key is not a P-256 public key"))
    }

    @Test("an auth secret that is not base64url or not 16 bytes is refused")
    func authSecretErrors() {
        #expect(throws: WebPushSubscriptionError.authSecretNotBase64URL) {
            try WebPushSubscription.parseAuthSecret("BTBZMqHH6r4Tts7J/aSIgg")
        }
        #expect(throws: WebPushSubscriptionError.authSecretWrongLength(byteCount: 15)) {
            try WebPushSubscription.parseAuthSecret(Base64URL.encode(Data(count: 15)))
        }
        #expect(throws: WebPushSubscriptionError.authSecretWrongLength(byteCount: 17)) {
            try WebPushSubscription.parseAuthSecret(Base64URL.encode(Data(count: 17)))
        }
        #expect(throws: WebPushSubscriptionError.authSecretWrongLength(byteCount: 15)) {
            try WebPushSubscription(
                endpoint: endpoint, publicKey: P256.KeyAgreement.PrivateKey().publicKey, authSecret: Data(count: 15))
        }
        #expect(
            WebPushSubscriptionError.authSecretWrongLength(byteCount: 15).description
                == "the auth secret must be 16 bytes, got 15")
        #expect(
            WebPushSubscriptionError.authSecretNotBase64URL.description
                == "the subscription's auth secret is not base64url")
    }

    @Test("the endpoint must be http or https with a host")
    func endpointErrors() throws {
        for text in ["ftp://push.example.net/x", "mailto:push@example.net", "file:///tmp/x"] {
            let url = try #require(URL(string: text))
            #expect(throws: WebPushSubscriptionError.endpointNotHTTP(text)) {
                try WebPushSubscription(endpoint: url, p256dh: RFC8291.userAgentPublicKey, auth: RFC8291.authSecret)
            }
        }
        _ = try WebPushSubscription(
            endpoint: #require(URL(string: "http://127.0.0.1:8080/push/1")),
            p256dh: RFC8291.userAgentPublicKey,
            auth: RFC8291.authSecret
        )
    }

    @Test("decodes a browser's PushSubscription JSON and encodes it back")
    func codable() throws {
        let json = """
            {"endpoint":"https://push.example.net/push/abc","expirationTime":null,
             "keys":{"p256dh":"\(RFC8291.userAgentPublicKey)","auth":"\(RFC8291.authSecret)"}}
            """
        let subscription = try JSONDecoder().decode(WebPushSubscription.self, from: Data(json.utf8))
        #expect(subscription.endpoint.absoluteString == "https://push.example.net/push/abc")
        #expect(subscription.p256dh == RFC8291.userAgentPublicKey)

        let reencoded = try JSONDecoder().decode(WebPushSubscription.self, from: JSONEncoder().encode(subscription))
        #expect(reencoded == subscription)

        let badAuth = json.replacingOccurrences(of: RFC8291.authSecret, with: "AAAA")
        #expect(throws: WebPushSubscriptionError.authSecretWrongLength(byteCount: 3)) {
            try JSONDecoder().decode(WebPushSubscription.self, from: Data(badAuth.utf8))
        }
    }
}

@Suite("Base64URL")
struct Base64URLTests {
    @Test("encodes without padding using - and _")
    func encode() {
        #expect(Base64URL.encode(Data()) == "")
        #expect(Base64URL.encode(Data("f".utf8)) == "Zg")
        #expect(Base64URL.encode(Data("fo".utf8)) == "Zm8")
        #expect(Base64URL.encode(Data("foo".utf8)) == "Zm9v")
        #expect(Base64URL.encode(Data("foob".utf8)) == "Zm9vYg")
        #expect(Base64URL.encode(Data([0xFB, 0xFF, 0xBF])) == "-_-_")
    }

    @Test("decodes with or without padding")
    func decode() {
        #expect(Base64URL.decode("") == Data())
        #expect(Base64URL.decode("Zg") == Data("f".utf8))
        #expect(Base64URL.decode("Zg==") == Data("f".utf8))
        #expect(Base64URL.decode("Zm8") == Data("fo".utf8))
        #expect(Base64URL.decode("Zm8=") == Data("fo".utf8))
        #expect(Base64URL.decode("Zm9vYmFy") == Data("foobar".utf8))
        #expect(Base64URL.decode("-_-_") == Data([0xFB, 0xFF, 0xBF]))
    }

    @Test(
        "refuses what is not canonical base64url",
        arguments: ["Z", "Zg=", "Zg===", "Zm9v=", "+/+/", "Zm 9v", "Zh", "Zm9=", "Zg==Zg", "é"])
    func rejects(text: String) {
        #expect(Base64URL.decode(text) == nil)
    }

    @Test("round-trips every length up to 70 bytes")
    func roundTrip() {
        for length in 0...70 {
            let bytes = Data((0..<length).map { UInt8(truncatingIfNeeded: $0 &* 97 &+ 13) })
            #expect(Base64URL.decode(Base64URL.encode(bytes)) == bytes)
            #expect(
                Base64URL.encode(bytes)
                    == bytes.base64EncodedString()
                    .replacingOccurrences(of: "+", with: "-")
                    .replacingOccurrences(of: "/", with: "_")
                    .replacingOccurrences(of: "=", with: ""))
        }
    }
}
