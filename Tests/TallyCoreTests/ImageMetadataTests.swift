import Foundation
import Testing

@testable import TallyCore

/// A photo keeps its picture, its colour profile and its orientation, and loses the rest of what the camera
/// wrote: where it was taken above all. Stripping twice gives the same bytes (the content hash stays).
@Suite struct ImageMetadataTests {
    /// A big-endian TIFF block with the orientation and a pointer to GPS data (with its words in it).
    func tiff(orientation: UInt16) -> [UInt8] {
        let gps = Array("GPS 51.5N 0.1W".utf8)
        return [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8, 0, 2]
            + [0x01, 0x12, 0, 3, 0, 0, 0, 1, UInt8(orientation >> 8), UInt8(orientation & 0xFF), 0, 0]
            + [0x88, 0x25, 0, 4, 0, 0, 0, 1, 0, 0, 0, 38] + [0, 0, 0, 0] + gps
    }

    func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] {
        [0xFF, marker, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
    }

    var imageData: [UInt8] { [0xFF, 0xDA, 0x00, 0x08, 1, 2, 3, 4, 5, 6, 0x12, 0x34, 0xFF, 0x00, 0x56, 0xFF, 0xD9] }

    func jpeg(orientation: UInt16) -> [UInt8] {
        [0xFF, 0xD8] + segment(0xE0, Array("JFIF\0".utf8) + [1, 1, 0, 0, 1, 0, 1, 0, 0])
            + segment(0xE1, Array("Exif".utf8) + [0, 0] + tiff(orientation: orientation))
            + segment(0xE1, Array("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>GPSLatitude</x:xmpmeta>".utf8))
            + segment(0xED, Array("Photoshop 3.0\0IPTC city".utf8))
            + segment(0xFE, Array("a secret comment".utf8))
            + segment(0xE2, Array("ICC_PROFILE\0".utf8) + [1, 1, 9, 9])
            + segment(0xDB, [0] + [UInt8](repeating: 1, count: 64)) + imageData
    }

    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func aJPEGLosesWhereItWasTakenAndKeepsItsOrientationAndColour() throws {
        let original = jpeg(orientation: 6)
        let clean = try ImageMetadata.stripped(original, kind: .jpeg)
        for gone in ["GPS", "xmpmeta", "IPTC", "secret"] { #expect(!text(clean).contains(gone), "\(gone)") }
        #expect(text(clean).contains("ICC_PROFILE") && text(clean).contains("JFIF"))
        #expect(clean.suffix(imageData.count) == imageData[...], "the picture itself is untouched")
        let header = Array("Exif".utf8) + [0, 0]
        let offset = try #require((0..<clean.count).first { clean[$0...].starts(with: header) })
        #expect(ImageMetadata.orientation(inTIFF: clean[(offset + 6)...]) == 6)
        #expect(try ImageMetadata.stripped(clean, kind: .jpeg) == clean)
        // Upright: no Exif at all.
        let upright = try ImageMetadata.stripped(jpeg(orientation: 1), kind: .jpeg)
        #expect(!text(upright).contains("Exif"))
    }

    @Test func aDamagedFileIsRefusedNotStoredWithWhatItCarries() {
        let whole = jpeg(orientation: 6)
        for cut in [3, 10, 40] {
            #expect(throws: TallyError.invalid(field: "image", reason: "the JPEG file is damaged")) {
                try ImageMetadata.stripped(Array(whole.prefix(cut)), kind: .jpeg)
            }
        }
    }

    func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] { ImageMetadata.PNG.chunk(type, data) }

    @Test func aPNGLosesItsTextAndTimeAndKeepsItsOrientation() throws {
        let png =
            ImageMetadata.PNG.signature + pngChunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0])
            + pngChunk("tEXt", Array("Location\0Home, 51.5N".utf8)) + pngChunk("tIME", [7, 234, 11, 29, 1, 2, 3])
            + pngChunk("eXIf", tiff(orientation: 3)) + pngChunk("iCCP", Array("sRGB\0\0x".utf8))
            + pngChunk("IDAT", [1, 2, 3]) + pngChunk("IEND", [])
        let clean = try ImageMetadata.stripped(png, kind: .png)
        #expect(!text(clean).contains("Location") && !text(clean).contains("GPS") && !text(clean).contains("tIME"))
        #expect(text(clean).contains("iCCP"))
        let exif = try #require(text(clean).range(of: "eXIf"))
        let idat = try #require(text(clean).range(of: "IDAT"))
        #expect(exif.lowerBound < idat.lowerBound, "the orientation comes before the image data")
        #expect(try ImageMetadata.stripped(clean, kind: .png) == clean)
        #expect(CRC32.checksum(Array("IEND".utf8)) == 0xAE42_6082, "PNG's own IEND checksum")
    }

    @Test func aWebPLosesExifAndXMPAndSaysSoInItsHeader() throws {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] { ImageMetadata.WebP.chunk(type, data) }
        let vp8x = [0x0C | 0x10] + [UInt8](repeating: 0, count: 9)
        let body =
            Array("WEBP".utf8) + chunk("VP8X", vp8x) + chunk("VP8 ", [1, 2, 3, 4, 5])
            + chunk("EXIF", tiff(orientation: 8)) + chunk("XMP ", Array("<x:xmpmeta>GPS</x:xmpmeta>".utf8))
        let webp = Array("RIFF".utf8) + ImageMetadata.WebP.littleEndian(UInt32(body.count)) + body
        let clean = try ImageMetadata.stripped(webp, kind: .webp)
        #expect(!text(clean).contains("GPS") && !text(clean).contains("XMP "))
        #expect(clean[20] == 0x10 | 0x08, "the alpha flag stays, EXIF is marked, XMP is not")
        #expect(Int(clean[4]) | Int(clean[5]) << 8 == clean.count - 8, "the RIFF size is the file's")
        #expect(try ImageMetadata.stripped(clean, kind: .webp) == clean)
    }
}
