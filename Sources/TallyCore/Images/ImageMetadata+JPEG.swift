extension ImageMetadata {
    /// JPEG: the segments before the image data, less APP1 (Exif, XMP), APP3 to APP13 (IPTC among them),
    /// APP15 and comments. APP0 (JFIF), APP2 (ICC colour profile) and APP14 (Adobe's colour transform) stay.
    enum JPEG {
        static let exifHeader: [UInt8] = Array("Exif".utf8) + [0, 0]

        static func stripped(_ bytes: [UInt8]) throws(TallyError) -> [UInt8] {
            guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { throw damaged(.jpeg) }
            var kept: [[UInt8]] = []
            var orientation: UInt16?
            var at = 2
            while true {
                guard at + 1 < bytes.count, bytes[at] == 0xFF else { throw damaged(.jpeg) }
                var marker = bytes[at + 1]
                var start = at
                while marker == 0xFF {  // fill bytes before a marker
                    start += 1
                    guard start + 1 < bytes.count else { throw damaged(.jpeg) }
                    marker = bytes[start + 1]
                }
                if marker == 0xD9 || marker == 0xDA {  // the end, or the image data: kept as it is
                    kept.append(Array(bytes[start...]))
                    break
                }
                if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                    kept.append([0xFF, marker])
                    at = start + 2
                    continue
                }
                guard start + 3 < bytes.count else { throw damaged(.jpeg) }
                let length = Int(bytes[start + 2]) << 8 | Int(bytes[start + 3])
                let end = start + 2 + length
                guard length >= 2, end <= bytes.count else { throw damaged(.jpeg) }
                let payload = bytes[(start + 4)..<end]
                switch marker {
                case 0xE1:
                    if payload.starts(with: exifHeader) {
                        orientation = orientation ?? ImageMetadata.orientation(inTIFF: payload.dropFirst(6))
                    }
                case 0xE3...0xED, 0xEF, 0xFE: break
                default: kept.append(Array(bytes[start..<end]))
                }
                at = end
            }
            // The orientation goes back first after JFIF's APP0, where Exif belongs.
            if let orientation, orientation != 1 {
                let body = exifHeader + ImageMetadata.orientationTIFF(orientation)
                let segment = [0xFF, 0xE1, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
                let place = kept.prefix { $0.count > 1 && $0[1] == 0xE0 }.count
                kept.insert(segment, at: place)
            }
            return [0xFF, 0xD8] + kept.flatMap { $0 }
        }
    }
}
