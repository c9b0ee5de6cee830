import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TallyCore
import TallyServices
import Testing

/// The backup with photos through the web app: downloaded from the progress screen of one data directory,
/// uploaded on another's Import page, previewed with its photos counted, imported, and the journal day's
/// photo then served by `/images/NAME` with the very bytes.
@Suite struct PhotoBackupWebTests {
    static let day = LocalDay(year: 2026, month: 11, day: 21)!

    @Test func aBackupWithPhotosDownloadedHereIsRestoredThereWithThePhotoServed() async throws {
        let source = try ServerFixture()
        let photo = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data((0..<3_000).map { UInt8($0 % 251) })
        let address = try await source.scope.images.keep(photo)
        _ = try await source.scope.journal.save(on: Self.day, .init(notes: "Snow", moodRating: 5, imageUrl: address))
        let zip = LockedValue(Data())
        try await source.test { client in
            let download = try await client.execute(uri: "/export/backup.zip", method: .get)
            #expect(download.status == .ok && download.headers[.contentType] == "application/zip")
            #expect(download.headers[.contentDisposition]?.contains("filename=\"tally-2026-11-22.zip\"") == true)
            zip.withLock { $0 = Data(download.body.readableBytesView) }
            let page = try await client.execute(uri: "/skills/progress", method: .get)
            #expect(page.text.contains("href=\"/export/backup.zip\""))
        }
        let target = try ServerFixture()
        try await target.test { client in
            let body = Self.multipart(file: zip.withLock { $0 }, named: "tally-2026-11-22.zip")
            let posted = try await client.execute(
                uri: "/import", method: .post,
                headers: [.contentType: "multipart/form-data; boundary=\(FormEncoding.boundary)"],
                body: ByteBuffer(bytes: body))
            let location = try #require(posted.headers[.location], "\(WebTests.banner(posted.text) ?? "")")
            let preview = try await client.execute(uri: location, method: .get)
            #expect(preview.status == .ok, "\(WebTests.banner(preview.text) ?? "")")
            #expect(preview.text.contains("<dt>New photos</dt><dd>1</dd>"))
            #expect(preview.text.contains("<dt>New journal entries</dt><dd>1</dd>"))
            let name = try #require(ImageReference.name(in: address))
            #expect(try await client.execute(uri: address, method: .get).status == .notFound)
            let imported = try await client.execute(uri: location, method: .post)
            #expect(imported.text.contains("1 photo"), "\(WebTests.banner(imported.text) ?? imported.text)")
            let served = try await client.execute(uri: "/images/\(name)", method: .get)
            #expect(served.status == .ok && Data(served.body.readableBytesView) == photo)
            let journal = try await client.execute(uri: "/journal?day=2026-11-21", method: .get)
            #expect(journal.text.contains(address))
        }
    }

    /// A multipart form holding `file` in the field `file`.
    static func multipart(file: Data, named name: String) -> Data {
        var body = Data("--\(FormEncoding.boundary)\r\n".utf8)
        body.append(Data("Content-Disposition: form-data; name=\"file\"; filename=\"\(name)\"\r\n".utf8))
        body.append(Data("Content-Type: application/zip\r\n\r\n".utf8))
        body.append(file)
        body.append(Data("\r\n--\(FormEncoding.boundary)--\r\n".utf8))
        return body
    }
}
