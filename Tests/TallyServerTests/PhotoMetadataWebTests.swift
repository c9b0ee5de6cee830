import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TallyCore
import Testing

/// A photo added on the journal page is stored without where it was taken (its Exif GPS), its orientation
/// kept; the API's image upload, which replicas use, keeps the bytes it is sent (their hash is their name).
@Suite struct PhotoMetadataWebTests {
    /// A JPEG whose Exif says "turned" (orientation 6) and carries GPS words.
    static let photo: Data = {
        let tiff: [UInt8] =
            [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0]
            + Array("GPSLatitude 51.5".utf8)
        let exif = Array("Exif".utf8) + [0, 0] + tiff
        return Data(
            [0xFF, 0xD8, 0xFF, 0xE1, UInt8((exif.count + 2) >> 8), UInt8((exif.count + 2) & 0xFF)] + exif
                + [0xFF, 0xDA, 0x00, 0x02, 0x12, 0x34, 0xFF, 0xD9])
    }()

    @Test func aPhotoFromThePageLosesItsPlaceAndKeepsItsTurn() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let body = FormEncoding.multipart(["notes": "By the sea"], photo: Self.photo)
            let saved = try await client.execute(
                uri: "/journal/2026-11-21", method: .post,
                headers: [.contentType: "multipart/form-data; boundary=\(FormEncoding.boundary)"],
                body: ByteBuffer(bytes: body))
            #expect(saved.status == .seeOther || saved.status == .found, "\(saved.status)")
            let entry = try #require(try await fixture.scope.journal.entry(on: LocalDay("2026-11-21")!))
            let name = try #require(entry.fields.imageUrl.flatMap(ImageReference.name(in:)))
            let stored = try #require(try await fixture.scope.images.image(named: name)?.data)
            #expect(!String(decoding: stored, as: UTF8.self).contains("GPS"))
            #expect(String(decoding: stored, as: UTF8.self).contains("Exif"), "the orientation stays")
            #expect(stored.count < Self.photo.count)

            let kept = try await client.execute(
                uri: "/api/v1/images", method: .post, headers: [.contentType: "application/octet-stream"],
                body: ByteBuffer(bytes: Self.photo))
            #expect(kept.status == .created)
            #expect(try kept.decoded()["bytes"] as? Int == Self.photo.count)
        }
    }
}
