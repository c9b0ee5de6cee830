extension ImageMetadata {
    /// WebP: every chunk but `EXIF` (put back with the orientation alone when it has one) and `XMP `, with
    /// the extended header's flags and the file's size saying so.
    enum WebP {
        static func stripped(_ bytes: [UInt8]) throws(TallyError) -> [UInt8] {
            guard bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8)
            else { throw damaged(.webp) }
            var chunks: [(type: [UInt8], data: ArraySlice<UInt8>)] = []
            var at = 12
            while at < bytes.count {
                guard at + 8 <= bytes.count else { throw damaged(.webp) }
                let size = bytes[(at + 4)..<(at + 8)].reversed().reduce(0) { $0 << 8 | Int($1) }
                let end = at + 8 + size
                guard end <= bytes.count else { throw damaged(.webp) }
                chunks.append((Array(bytes[at..<(at + 4)]), bytes[(at + 8)..<end]))
                at = end + (size % 2)
            }
            let orientation = chunks.first { $0.type == exif }.flatMap { exif in
                ImageMetadata.orientation(
                    inTIFF: exif.data.starts(with: JPEG.exifHeader) ? exif.data.dropFirst(6) : exif.data)
            }
            let turned = orientation.map { $0 != 1 } ?? false
            var body: [UInt8] = Array("WEBP".utf8)
            for (type, data) in chunks where type != exif && type != xmp {
                var data = Array(data)
                if type == vp8x, !data.isEmpty { data[0] = data[0] & ~0x0C | (turned ? 0x08 : 0) }
                body += chunk(type, data)
            }
            if let orientation, turned { body += chunk(exif, ImageMetadata.orientationTIFF(orientation)) }
            return Array("RIFF".utf8) + littleEndian(UInt32(body.count)) + body
        }

        /// Chunk types are kept as their four bytes: one that is not text must come out as it went in.
        static let exif = Array("EXIF".utf8)
        static let xmp = Array("XMP ".utf8)
        static let vp8x = Array("VP8X".utf8)

        static func chunk(_ type: [UInt8], _ data: [UInt8]) -> [UInt8] {
            type + littleEndian(UInt32(data.count)) + data + (data.count % 2 == 1 ? [0] : [])
        }

        static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] { chunk(Array(type.utf8), data) }

        static func littleEndian(_ value: UInt32) -> [UInt8] {
            [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: value >> $0) }
        }
    }
}
