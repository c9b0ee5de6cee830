import Crypto
import Foundation
import TallyCore
import Testing

@testable import TallyNotify

/// RFC 8291 §5 ("Push Message Encryption Example") and Appendix A
/// ("Intermediate Values for Encryption"), transcribed from the RFC with its
/// presentation line breaks removed. Nothing here was produced by this package.
enum RFC8291 {
    static let plaintext = "When I grow up, I want to be a watermelon"
    static let plaintextBase64URL = "V2hlbiBJIGdyb3cgdXAsIEkgd2FudCB0byBiZSBhIHdhdGVybWVsb24"
    static let applicationServerPublicKey =
        "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8"
    static let applicationServerPrivateKey = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"
    static let userAgentPublicKey =
        "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
    static let userAgentPrivateKey = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"
    static let salt = "DGv6ra1nlYgDCS1FRnbzlw"
    static let authSecret = "BTBZMqHH6r4Tts7J_aSIgg"

    // Intermediate values.
    static let ecdhSecret = "kyrL1jIIOHEzg3sM2ZWRHDRB62YACZhhSlknJ672kSs"
    static let inputKeyingMaterial = "S4lYMb_L0FxCeq0WhDx813KgSYqU26kOyzWUdsXYyrg"
    static let contentEncryptionKey = "oIhVW04MRdy2XN9CiKLxTg"
    static let nonce = "4h_95klXJ5E_qnoN"
    static let header =
        "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8"
    static let ciphertext = "8pfeW0KbunFT06SuDKoJH9Ql87S1QUrdirN6GcG7sFz1y1sqLgVi1VhjVkHsUoEsbI_0LpXMuGvnzQ"

    /// The complete body from §5.
    static let body =
        "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27ml"
        + "mlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPT"
        + "pK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"

    static func bytes(_ base64URL: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Data {
        try #require(Base64URL.decode(base64URL), "not base64url: \(base64URL)", sourceLocation: sourceLocation)
    }
}

@Suite("RFC 8291 Appendix A")
struct RFC8291VectorTests {
    @Test("encrypting the appendix's inputs gives the RFC's body byte for byte")
    func encryptsTheRFCBody() throws {
        let serverKey = try P256.KeyAgreement.PrivateKey(
            rawRepresentation: RFC8291.bytes(RFC8291.applicationServerPrivateKey))
        let subscriptionKey = try WebPushSubscription.parsePublicKey(RFC8291.userAgentPublicKey)

        let body = try WebPushEncryption.encrypt(
            payload: Data(RFC8291.plaintext.utf8),
            subscriptionKey: subscriptionKey,
            authSecret: RFC8291.bytes(RFC8291.authSecret),
            salt: RFC8291.bytes(RFC8291.salt),
            serverKey: serverKey,
            recordSize: 4096
        )

        #expect(Base64URL.encode(body) == RFC8291.body)
        #expect(body.count == 144)  // the RFC's Content-Length
        #expect(Base64URL.encode(body.prefix(86)) == RFC8291.header)
        #expect(Base64URL.encode(body.dropFirst(86)) == RFC8291.ciphertext)
        #expect(try body == RFC8291.bytes(RFC8291.header) + RFC8291.bytes(RFC8291.ciphertext))
    }

    @Test("the encryption goes through the RFC's intermediate values")
    func matchesIntermediateValues() throws {
        let serverKey = try P256.KeyAgreement.PrivateKey(
            rawRepresentation: RFC8291.bytes(RFC8291.applicationServerPrivateKey))
        let userAgentKey = try P256.KeyAgreement.PrivateKey(
            rawRepresentation: RFC8291.bytes(RFC8291.userAgentPrivateKey))

        #expect(Base64URL.encode(serverKey.publicKey.x963Representation) == RFC8291.applicationServerPublicKey)
        #expect(Base64URL.encode(userAgentKey.publicKey.x963Representation) == RFC8291.userAgentPublicKey)
        #expect(Base64URL.encode(Data(RFC8291.plaintext.utf8)) == RFC8291.plaintextBase64URL)

        let sharedSecret = try serverKey.sharedSecretFromKeyAgreement(with: userAgentKey.publicKey)
        #expect(Base64URL.encode(sharedSecret.withUnsafeBytes { Data($0) }) == RFC8291.ecdhSecret)

        let schedule = try WebPushKeySchedule(
            sharedSecret: sharedSecret,
            authSecret: RFC8291.bytes(RFC8291.authSecret),
            userAgentPublicKey: userAgentKey.publicKey.x963Representation,
            applicationServerPublicKey: serverKey.publicKey.x963Representation,
            salt: RFC8291.bytes(RFC8291.salt)
        )
        #expect(
            Base64URL.encode(schedule.inputKeyingMaterial.withUnsafeBytes { Data($0) }) == RFC8291.inputKeyingMaterial)
        #expect(
            Base64URL.encode(schedule.contentEncryptionKey.withUnsafeBytes { Data($0) }) == RFC8291.contentEncryptionKey
        )
        #expect(Base64URL.encode(schedule.nonceBytes) == RFC8291.nonce)
    }

    @Test("decrypting the RFC's body with the user agent's private key gives the plaintext")
    func decryptsTheRFCBody() throws {
        let userAgentKey = try P256.KeyAgreement.PrivateKey(
            rawRepresentation: RFC8291.bytes(RFC8291.userAgentPrivateKey))
        let plaintext = try WebPushDecryption.decrypt(
            body: RFC8291.bytes(RFC8291.body),
            privateKey: userAgentKey,
            authSecret: RFC8291.bytes(RFC8291.authSecret)
        )
        #expect(String(decoding: plaintext, as: UTF8.self) == RFC8291.plaintext)
    }

    @Test("a single flipped bit in the RFC's body fails authentication")
    func tamperedRFCBodyFails() throws {
        let userAgentKey = try P256.KeyAgreement.PrivateKey(
            rawRepresentation: RFC8291.bytes(RFC8291.userAgentPrivateKey))
        var body = try RFC8291.bytes(RFC8291.body)
        body[100] ^= 0x01
        #expect(throws: WebPushDecryptionError.authenticationFailed) {
            try WebPushDecryption.decrypt(
                body: body, privateKey: userAgentKey, authSecret: RFC8291.bytes(RFC8291.authSecret))
        }
    }
}
