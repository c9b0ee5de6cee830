import Foundation

/// The URL- and filename-safe base64 alphabet of RFC 4648 §5 ("base64url").
///
/// Web Push uses base64url everywhere a binary value travels as text (the
/// subscription's `p256dh` and `auth` keys, the VAPID `applicationServerKey`,
/// and every segment of a JSON Web Token), and so do the signed tokens Tally
/// hands out, such as a known device's cookie.
///
/// ``encode(_:)`` never writes padding. ``decode(_:)`` accepts input with or
/// without `=` padding, and rejects anything that is not canonical base64url:
/// characters outside `A–Z a–z 0–9 - _` (including the `+` and `/` of standard
/// base64, and whitespace), a length that cannot come from whole bytes, wrong
/// padding, or unused trailing bits that are not zero.
public enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Maps an ASCII byte to its 6-bit value, or `0xFF` when it is not in the alphabet.
    private static let decodeTable: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, character) in alphabet.enumerated() {
            table[Int(character)] = UInt8(value)
        }
        return table
    }()

    /// Encodes bytes as base64url without padding.
    ///
    /// - Parameter bytes: The bytes to encode.
    /// - Returns: The base64url text, using `-` and `_` and no trailing `=`.
    public static func encode<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var output = [UInt8]()
        output.reserveCapacity(bytes.underestimatedCount * 4 / 3 + 3)
        var buffer: UInt32 = 0
        var bitCount = 0
        for byte in bytes {
            buffer = (buffer << 8) | UInt32(byte)
            bitCount += 8
            while bitCount >= 6 {
                bitCount -= 6
                output.append(alphabet[Int((buffer >> UInt32(bitCount)) & 0x3F)])
            }
            buffer &= (1 << UInt32(bitCount)) - 1
        }
        if bitCount > 0 {
            output.append(alphabet[Int((buffer << UInt32(6 - bitCount)) & 0x3F)])
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes base64url text, with or without `=` padding.
    ///
    /// - Parameter text: The base64url text.
    /// - Returns: The decoded bytes, or `nil` when `text` is not canonical base64url.
    ///   An empty string decodes to empty data.
    public static func decode(_ text: some StringProtocol) -> Data? {
        var characters = Array(text.utf8)

        // Strip padding, then check that the amount stripped is the amount the
        // unpadded length calls for (none at all is also accepted).
        var paddingCount = 0
        while characters.last == UInt8(ascii: "=") {
            characters.removeLast()
            paddingCount += 1
        }
        let remainder = characters.count % 4
        if remainder == 1 {
            return nil
        }
        if paddingCount > 0 {
            let expectedPadding = remainder == 0 ? 0 : 4 - remainder
            guard paddingCount == expectedPadding else { return nil }
        }

        var output = Data()
        output.reserveCapacity(characters.count * 3 / 4)
        var buffer: UInt32 = 0
        var bitCount = 0
        for character in characters {
            let value = decodeTable[Int(character)]
            guard value != 0xFF else { return nil }
            buffer = (buffer << 6) | UInt32(value)
            bitCount += 6
            if bitCount >= 8 {
                bitCount -= 8
                output.append(UInt8((buffer >> UInt32(bitCount)) & 0xFF))
                buffer &= (1 << UInt32(bitCount)) - 1
            }
        }
        // Bits left over after the last whole byte must be zero, so that every
        // byte string has exactly one encoding.
        guard buffer == 0 else { return nil }
        return output
    }
}
