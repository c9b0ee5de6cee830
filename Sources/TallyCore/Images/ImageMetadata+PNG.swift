extension ImageMetadata {
    /// PNG: every chunk but text (`tEXt`, `zTXt`, `iTXt`), the time (`tIME`) and Exif (`eXIf`, put back with
    /// the orientation alone when it has one).
    enum PNG {
        static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        static let dropped: Set<String> = ["tEXt", "zTXt", "iTXt", "tIME", "eXIf"]

        static func stripped(_ bytes: [UInt8]) throws(TallyError) -> [UInt8] {
            guard bytes.starts(with: signature) else { throw damaged(.png) }
            var result = signature
            var orientation: UInt16?
            var at = signature.count
            while at < bytes.count {
                guard at + 12 <= bytes.count else { throw damaged(.png) }
                let length = bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
                let end = at + 12 + length
                guard length < 1 << 31, end <= bytes.count else { throw damaged(.png) }
                let type = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self)
                if type == "eXIf" { orientation = ImageMetadata.orientation(inTIFF: bytes[(at + 8)..<(end - 4)]) }
                if type == "IDAT", let turn = orientation, turn != 1 {
                    result += chunk("eXIf", ImageMetadata.orientationTIFF(turn))
                    orientation = nil
                }
                if !dropped.contains(type) { result += bytes[at..<end] }
                at = end
                if type == "IEND" { break }
            }
            return result
        }

        static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            let length = UInt32(data.count)
            let crc = CRC32.checksum(body)
            return [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: length >> $0) } + body
                + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> $0) }
        }
    }
}

/// CRC-32 (ISO 3309, as PNG's chunks carry it).
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { index in
        (0..<8).reduce(UInt32(index)) { value, _ in value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        ~bytes.reduce(UInt32.max) { table[Int(($0 ^ UInt32($1)) & 0xFF)] ^ ($0 >> 8) }
    }
}
