import Crypto
import Foundation
import Testing

@testable import TallyNotify

/// A user agent's side of a subscription, made fresh for each test.
struct TestUserAgent {
    let privateKey = P256.KeyAgreement.PrivateKey()
    let authSecret = WebPushEncryption.randomSalt()  // any 16 random bytes

    func subscription(endpoint: String = "https://push.example.net/send/abc") throws -> WebPushSubscription {
        try WebPushSubscription(
            endpoint: #require(URL(string: endpoint)),
            publicKey: privateKey.publicKey,
            authSecret: authSecret
        )
    }
}

@Suite("Encryption round trips and limits")
struct EncryptionTests {
    @Test(
        "encrypt then decrypt gives the payload back",
        arguments: [0, 1, 41, 1000, WebPushEncryption.maximumPayloadLength])
    func roundTrip(length: Int) throws {
        let userAgent = TestUserAgent()
        let payload = Data((0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })

        let body = try WebPushEncryption.encrypt(payload: payload, for: userAgent.subscription())
        #expect(body.count == WebPushEncryption.headerLength + length + 1 + WebPushEncryption.tagLength)
        #expect(body.count <= WebPushEncryption.maximumBodyLength)

        let decrypted = try WebPushDecryption.decrypt(
            body: body, privateKey: userAgent.privateKey, authSecret: userAgent.authSecret)
        #expect(decrypted == payload)
    }

    @Test("the header holds the salt, rs = 4096, idlen = 65 and the server's public key")
    func headerLayout() throws {
        let userAgent = TestUserAgent()
        let serverKey = P256.KeyAgreement.PrivateKey()
        let salt = Data((1...16).map { UInt8($0) })
        let body = try WebPushEncryption.encrypt(
            payload: Data("hello".utf8),
            subscriptionKey: userAgent.privateKey.publicKey,
            authSecret: userAgent.authSecret,
            salt: salt,
            serverKey: serverKey
        )
        #expect(body.prefix(16) == salt)
        #expect(Array(body[16..<20]) == [0x00, 0x00, 0x10, 0x00])
        #expect(body[20] == 65)
        #expect(body[21..<86] == serverKey.publicKey.x963Representation)
    }

    @Test("a custom record size is written big-endian")
    func customRecordSize() throws {
        let userAgent = TestUserAgent()
        let body = try WebPushEncryption.encrypt(
            payload: Data("x".utf8), for: userAgent.subscription(), recordSize: 0x0102_0304)
        #expect(Array(body[16..<20]) == [0x01, 0x02, 0x03, 0x04])
        let decrypted = try WebPushDecryption.decrypt(
            body: body, privateKey: userAgent.privateKey, authSecret: userAgent.authSecret)
        #expect(decrypted == Data("x".utf8))
    }

    @Test("each message uses a fresh salt and server key by default")
    func freshSaltAndKey() throws {
        let subscription = try TestUserAgent().subscription()
        let first = try WebPushEncryption.encrypt(payload: Data("same".utf8), for: subscription)
        let second = try WebPushEncryption.encrypt(payload: Data("same".utf8), for: subscription)
        #expect(first.prefix(16) != second.prefix(16))
        #expect(first[21..<86] != second[21..<86])
        #expect(first != second)
    }

    @Test("decryption fails with a wrong auth secret")
    func wrongAuthSecretFails() throws {
        let userAgent = TestUserAgent()
        let body = try WebPushEncryption.encrypt(payload: Data("secret".utf8), for: userAgent.subscription())
        var wrongSecret = userAgent.authSecret
        wrongSecret[0] ^= 0xFF
        #expect(throws: WebPushDecryptionError.authenticationFailed) {
            try WebPushDecryption.decrypt(body: body, privateKey: userAgent.privateKey, authSecret: wrongSecret)
        }
    }

    @Test("decryption fails with another user agent's private key")
    func wrongPrivateKeyFails() throws {
        let userAgent = TestUserAgent()
        let body = try WebPushEncryption.encrypt(payload: Data("secret".utf8), for: userAgent.subscription())
        #expect(throws: WebPushDecryptionError.authenticationFailed) {
            try WebPushDecryption.decrypt(
                body: body, privateKey: P256.KeyAgreement.PrivateKey(), authSecret: userAgent.authSecret)
        }
    }

    @Test("the payload limit is 3993 bytes, and one more is refused")
    func payloadLimit() throws {
        #expect(WebPushEncryption.maximumPayloadLength == 3993)
        #expect(WebPushEncryption.maximumPayloadLength(recordSize: 4096) == 3993)
        let subscription = try TestUserAgent().subscription()

        let largest = try WebPushEncryption.encrypt(payload: Data(count: 3993), for: subscription)
        #expect(largest.count == 4096)

        #expect(throws: WebPushEncryptionError.payloadTooLarge(byteCount: 3994, limit: 3993)) {
            try WebPushEncryption.encrypt(payload: Data(count: 3994), for: subscription)
        }
    }

    @Test("a small record size lowers the payload limit to rs - 18")
    func smallRecordSizeLimit() throws {
        let subscription = try TestUserAgent().subscription()
        #expect(WebPushEncryption.maximumPayloadLength(recordSize: 100) == 82)
        _ = try WebPushEncryption.encrypt(payload: Data(count: 82), for: subscription, recordSize: 100)
        #expect(throws: WebPushEncryptionError.payloadTooLarge(byteCount: 83, limit: 82)) {
            try WebPushEncryption.encrypt(payload: Data(count: 83), for: subscription, recordSize: 100)
        }
    }

    @Test("bad salt, auth secret and record size are refused with clear errors")
    func invalidArguments() throws {
        let userAgent = TestUserAgent()
        let key = userAgent.privateKey.publicKey
        #expect(throws: WebPushEncryptionError.saltWrongLength(byteCount: 15)) {
            try WebPushEncryption.encrypt(
                payload: Data(), subscriptionKey: key, authSecret: userAgent.authSecret, salt: Data(count: 15))
        }
        #expect(throws: WebPushEncryptionError.authSecretWrongLength(byteCount: 32)) {
            try WebPushEncryption.encrypt(payload: Data(), subscriptionKey: key, authSecret: Data(count: 32))
        }
        #expect(throws: WebPushEncryptionError.recordSizeOutOfRange(17)) {
            try WebPushEncryption.encrypt(
                payload: Data(), subscriptionKey: key, authSecret: userAgent.authSecret, recordSize: 17)
        }
        #expect(throws: WebPushEncryptionError.recordSizeOutOfRange(Int(UInt32.max) + 1)) {
            try WebPushEncryption.encrypt(
                payload: Data(), subscriptionKey: key, authSecret: userAgent.authSecret, recordSize: Int(UInt32.max) + 1
            )
        }
        #expect(
            WebPushEncryptionError.payloadTooLarge(byteCount: 5000, limit: 3993).description
                == "the payload is 5000 bytes, more than the 3993 bytes that fit in one Web Push record")
    }
}

@Suite("Decryption of malformed bodies")
struct DecryptionErrorTests {
    let userAgent = TestUserAgent()

    func validBody(payload: Data = Data("hello".utf8)) throws -> Data {
        try WebPushEncryption.encrypt(payload: payload, for: userAgent.subscription())
    }

    func decrypt(_ body: Data) throws -> Data {
        try WebPushDecryption.decrypt(body: body, privateKey: userAgent.privateKey, authSecret: userAgent.authSecret)
    }

    @Test("an empty or header-only body is too short")
    func tooShort() throws {
        #expect(throws: WebPushDecryptionError.bodyTooShort(byteCount: 0)) { try decrypt(Data()) }
        #expect(throws: WebPushDecryptionError.bodyTooShort(byteCount: 20)) { try decrypt(Data(count: 20)) }
        let body = try validBody()
        #expect(throws: WebPushDecryptionError.bodyTooShort(byteCount: 86)) { try decrypt(body.prefix(86)) }
        #expect(throws: WebPushDecryptionError.bodyTooShort(byteCount: 102)) { try decrypt(body.prefix(102)) }
        #expect(WebPushDecryptionError.bodyTooShort(byteCount: 5).description.contains("at least 103"))
    }

    @Test("a keyid that is not 65 bytes is refused")
    func wrongKeyIDLength() throws {
        var body = try validBody()
        body[20] = 33
        #expect(throws: WebPushDecryptionError.keyIDWrongLength(33)) { try decrypt(body) }
    }

    @Test("a keyid that is not a point on the curve is refused")
    func keyIDNotOnCurve() throws {
        var body = try validBody()
        body[21] = 0x05  // not the uncompressed-point prefix
        #expect(throws: WebPushDecryptionError.senderKeyNotP256) { try decrypt(body) }
        var offCurve = try validBody()
        offCurve[85] ^= 0x01  // y no longer matches x
        #expect(throws: WebPushDecryptionError.senderKeyNotP256) { try decrypt(offCurve) }
    }

    @Test("a record size below 18, or a body longer than one record, is refused")
    func recordSizeChecks() throws {
        var tiny = try validBody()
        tiny.replaceSubrange(16..<20, with: [0, 0, 0, 17])
        #expect(throws: WebPushDecryptionError.recordSizeTooSmall(17)) { try decrypt(tiny) }

        var short = try validBody(payload: Data(count: 100))  // record is 117 bytes
        short.replaceSubrange(16..<20, with: [0, 0, 0, 100])
        #expect(throws: WebPushDecryptionError.multipleRecords(recordLength: 117, recordSize: 100)) {
            try decrypt(short)
        }
    }

    @Test("a wrong-length auth secret is refused before decrypting")
    func authSecretLength() throws {
        let body = try validBody()
        #expect(throws: WebPushDecryptionError.authSecretWrongLength(byteCount: 8)) {
            try WebPushDecryption.decrypt(body: body, privateKey: userAgent.privateKey, authSecret: Data(count: 8))
        }
    }

    @Test("a truncated or extended record fails authentication")
    func alteredRecordLength() throws {
        let body = try validBody(payload: Data(count: 40))
        #expect(throws: WebPushDecryptionError.authenticationFailed) { try decrypt(body.dropLast()) }
        #expect(throws: WebPushDecryptionError.authenticationFailed) { try decrypt(body + [0]) }
    }

    /// Seals an arbitrary record plaintext (no delimiter added) the way
    /// `WebPushEncryption` would, to test the receiver's padding checks.
    func sealRaw(_ recordPlaintext: Data) throws -> Data {
        let serverKey = P256.KeyAgreement.PrivateKey()
        let salt = WebPushEncryption.randomSalt()
        let schedule = WebPushKeySchedule(
            sharedSecret: try serverKey.sharedSecretFromKeyAgreement(with: userAgent.privateKey.publicKey),
            authSecret: userAgent.authSecret,
            userAgentPublicKey: userAgent.privateKey.publicKey.x963Representation,
            applicationServerPublicKey: serverKey.publicKey.x963Representation,
            salt: salt
        )
        let sealed = try AES.GCM.seal(recordPlaintext, using: schedule.contentEncryptionKey, nonce: schedule.nonce())
        return salt + [0, 0, 0x10, 0, 65] + serverKey.publicKey.x963Representation + sealed.ciphertext + sealed.tag
    }

    @Test("padding after the 0x02 delimiter is removed")
    func paddingRemoved() throws {
        #expect(try decrypt(sealRaw(Data("hi".utf8) + [0x02, 0, 0, 0, 0])) == Data("hi".utf8))
        #expect(try decrypt(sealRaw(Data("hi".utf8) + [0x02])) == Data("hi".utf8))
        #expect(try decrypt(sealRaw(Data([0x02]))) == Data())
    }

    @Test("a record without the final 0x02 delimiter is refused even though it authenticates")
    func missingDelimiter() throws {
        #expect(throws: WebPushDecryptionError.invalidPaddingDelimiter) {
            try decrypt(sealRaw(Data("hi".utf8) + [0x01]))
        }
        #expect(throws: WebPushDecryptionError.invalidPaddingDelimiter) {
            try decrypt(sealRaw(Data("hi".utf8) + [0x01, 0, 0]))
        }
        #expect(throws: WebPushDecryptionError.invalidPaddingDelimiter) { try decrypt(sealRaw(Data(count: 10))) }
        #expect(throws: WebPushDecryptionError.invalidPaddingDelimiter) { try decrypt(sealRaw(Data("hi!".utf8))) }
    }
}
