import Foundation

extension UUID {
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// The uppercase text form stored in every table (the same as `uuidString`), written directly:
    /// Foundation formats it through `snprintf`, which a batch of ten thousand records feels.
    var text: String {
        withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { buffer in
                var index = 0
                for (position, byte) in bytes.enumerated() {
                    if position == 4 || position == 6 || position == 8 || position == 10 {
                        buffer[index] = UInt8(ascii: "-")
                        index += 1
                    }
                    buffer[index] = Self.hexDigits[Int(byte >> 4)]
                    buffer[index + 1] = Self.hexDigits[Int(byte & 0x0F)]
                    index += 2
                }
                return 36
            }
        }
    }

    /// Reads the text form (either case), or nil.
    init?(text: String) {
        var bytes = (
            0 as UInt8, 0 as UInt8, 0 as UInt8, 0 as UInt8, 0 as UInt8, 0 as UInt8, 0 as UInt8, 0 as UInt8,
            0 as UInt8, 0 as UInt8, 0 as UInt8, 0 as UInt8, 0 as UInt8, 0 as UInt8, 0 as UInt8, 0 as UInt8
        )
        let parsed = text.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            guard utf8.count == 36 else { return false }
            return withUnsafeMutableBytes(of: &bytes) { output in
                var index = 0
                for position in 0..<16 {
                    if position == 4 || position == 6 || position == 8 || position == 10 {
                        guard utf8[index] == UInt8(ascii: "-") else { return false }
                        index += 1
                    }
                    guard let high = Self.nibble(utf8[index]), let low = Self.nibble(utf8[index + 1]) else {
                        return false
                    }
                    output[position] = high << 4 | low
                    index += 2
                }
                return true
            }
        }
        guard let parsed else {
            guard let uuid = UUID(uuidString: text) else { return nil }
            self = uuid
            return
        }
        guard parsed else { return nil }
        self.init(uuid: bytes)
    }

    private static func nibble(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
