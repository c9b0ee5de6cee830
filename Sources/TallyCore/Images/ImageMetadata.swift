/// Takes out of a picture what the camera wrote about it besides the picture: the place it was taken (GPS),
/// the device, the time, names and comments (Exif, XMP, IPTC, text chunks). Only the orientation is kept,
/// rewritten as the one Exif field, so the picture stands as it was taken. Colour profiles stay. A file this
/// cannot read is refused as damaged rather than stored with what it may carry. The result is the same
/// when stripped again, so a picture's content hash does not move.
public enum ImageMetadata {
    /// `bytes` of `kind` without their metadata.
    public static func stripped(_ bytes: [UInt8], kind: ImageKind) throws(TallyError) -> [UInt8] {
        switch kind {
        case .jpeg: try JPEG.stripped(bytes)
        case .png: try PNG.stripped(bytes)
        case .webp: try WebP.stripped(bytes)
        }
    }

    static func damaged(_ kind: ImageKind) -> TallyError {
        .invalid(field: "image", reason: "the \(kind.rawValue.uppercased()) file is damaged")
    }

    /// Exif's orientation (1 to 8) in a TIFF structure (an Exif block after its `Exif\0\0`), or nil.
    static func orientation(inTIFF tiff: ArraySlice<UInt8>) -> UInt16? {
        let bytes = Array(tiff)
        guard bytes.count >= 8 else { return nil }
        let little: Bool
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= bytes.count else { return nil }
            return little ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : Int(bytes[at]) << 8 | Int(bytes[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let high = u16(little ? at + 2 : at), let low = u16(little ? at : at + 2) else { return nil }
            return high << 16 | low
        }
        guard let ifd = u32(4), let count = u16(ifd), count < 1_000 else { return nil }
        for index in 0..<count {
            let entry = ifd + 2 + index * 12
            guard let tag = u16(entry) else { return nil }
            if tag == 0x0112, u16(entry + 2) == 3, let value = u16(entry + 8), (1...8).contains(value) {
                return UInt16(value)
            }
        }
        return nil
    }

    /// The smallest TIFF structure holding only `orientation`: little-endian, one IFD with one entry.
    static func orientationTIFF(_ orientation: UInt16) -> [UInt8] {
        [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00, 0x01, 0x00, 0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00]
            + [UInt8(orientation & 0xFF), UInt8(orientation >> 8), 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]
    }
}
