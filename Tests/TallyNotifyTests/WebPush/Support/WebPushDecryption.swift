import Crypto
import Foundation

@testable import TallyNotify

/// Decrypts a Web Push body as the user agent does (RFC 8291 / RFC 8188 `aes128gcm`).
///
/// An application server never needs this, so it lives with the tests, which check what the server sends.
/// Only single-record messages are accepted, as RFC 8291 §4 requires of senders.
enum WebPushDecryption {
    /// Decrypts an `aes128gcm` push message body.
    ///
    /// - Parameters:
    ///   - body: The request body: header (salt, rs, idlen, keyid) and one record.
    ///   - privateKey: The user agent's ECDH private key, whose public key was the subscription's `p256dh`.
    ///   - authSecret: The subscription's 16-byte authentication secret.
    /// - Returns: The payload, with the padding delimiter and any padding removed.
    /// - Throws: ``WebPushDecryptionError`` naming what is wrong with the body or keys.
    static func decrypt(
        body: some DataProtocol,
        privateKey: P256.KeyAgreement.PrivateKey,
        authSecret: Data
    ) throws(WebPushDecryptionError) -> Data {
        let bytes = [UInt8](body)
        let saltLength = WebPushEncryption.saltLength
        let fixedHeaderLength = saltLength + 4 + 1  // salt | rs | idlen
        let minimumRecordLength = WebPushEncryption.tagLength + WebPushEncryption.paddingDelimiterLength

        guard bytes.count >= fixedHeaderLength else {
            throw .bodyTooShort(byteCount: bytes.count)
        }
        let salt = Data(bytes[0..<saltLength])
        let recordSize = bytes[saltLength..<(saltLength + 4)].reduce(UInt32(0)) { ($0 << 8) | UInt32($1) }
        let keyIDLength = Int(bytes[saltLength + 4])
        guard keyIDLength == WebPushSubscription.publicKeyLength else {
            throw .keyIDWrongLength(keyIDLength)
        }
        let headerLength = fixedHeaderLength + keyIDLength
        guard bytes.count >= headerLength + minimumRecordLength else {
            throw .bodyTooShort(byteCount: bytes.count)
        }
        guard recordSize >= 18 else {
            throw .recordSizeTooSmall(recordSize)
        }
        let record = bytes[headerLength...]
        guard UInt64(record.count) <= UInt64(recordSize) else {
            throw .multipleRecords(recordLength: record.count, recordSize: recordSize)
        }
        let keyID = Data(bytes[fixedHeaderLength..<headerLength])
        guard keyID.first == 0x04,
            let senderKey = try? P256.KeyAgreement.PublicKey(x963Representation: keyID)
        else {
            throw .senderKeyNotP256
        }
        guard authSecret.count == WebPushSubscription.authSecretLength else {
            throw .authSecretWrongLength(byteCount: authSecret.count)
        }

        let keys: WebPushKeySchedule
        let sealed: AES.GCM.SealedBox
        do {
            let sharedSecret = try privateKey.sharedSecretFromKeyAgreement(with: senderKey)
            keys = WebPushKeySchedule(
                sharedSecret: sharedSecret,
                authSecret: authSecret,
                userAgentPublicKey: privateKey.publicKey.x963Representation,
                applicationServerPublicKey: keyID,
                salt: salt
            )
            let tagStart = record.endIndex - WebPushEncryption.tagLength
            sealed = try AES.GCM.SealedBox(
                nonce: keys.nonce(),
                ciphertext: record[record.startIndex..<tagStart],
                tag: record[tagStart...]
            )
        } catch {
            throw .cryptographyFailed(String(describing: error))
        }

        let plaintext: Data
        do {
            plaintext = try AES.GCM.open(sealed, using: keys.contentEncryptionKey)
        } catch {
            throw .authenticationFailed
        }

        // RFC 8188 §2: the record is data || delimiter || zero padding; the
        // delimiter of the last (here, only) record is 0x02.
        guard let delimiterIndex = plaintext.lastIndex(where: { $0 != 0 }),
            plaintext[delimiterIndex] == 0x02
        else {
            throw .invalidPaddingDelimiter
        }
        return Data(plaintext[plaintext.startIndex..<delimiterIndex])
    }
}
