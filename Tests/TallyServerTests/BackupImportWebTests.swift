import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TallyCore
import TallyServices
import TallyStorage
import Testing

/// The progress screen's import form as a browser sends it: the anti-forgery field first, then the file.
/// The file is read by its name (reading the first part made every import "not valid JSON"), a backup
/// over the photo limit is still taken, and importing it again changes nothing.
@Suite struct BackupImportWebTests {
    @Test func theFormImportsABackupEvenWithTheTokenFieldFirst() async throws {
        let fixture = try ServerFixture()
        // The backup comes from another data directory, as a person moving machines would bring it.
        let source = try ServerFixture()
        defer { try? FileManager.default.removeItem(at: source.directory) }
        let elsewhere = source.scope
        _ = try await elsewhere.skills.add(.init(name: "Guitar"))
        // Enough history for a backup over the 10 MB a photo may have.
        let entries = try (0..<40_000).map { index in
            let at = ServerFixture.now.addingTimeInterval(Double(-index * 600))
            return AnyRecord(
                WaterEntry(
                    meta: RecordMeta(
                        id: UUID(), ownerID: elsewhere.owner, createdAt: at, modifiedAt: at, deviceID: UUID(),
                        stamp: .zero),
                    fields: try WaterEntryFields(at: at, timeZoneID: "America/New_York", amountML: 250).validated(),
                    source: .web))
        }
        _ = try await source.store.write(entries, now: ServerFixture.now)
        let backup = String(decoding: try await elsewhere.backup.exportJSON(), as: UTF8.self)
        #expect(backup.utf8.count > 10 * 1024 * 1024)
        let owner = try await fixture.signIn(name: "owner")
        try await fixture.test { client in
            func post() async throws -> TestResponse {
                try await client.execute(
                    uri: "/skills/import", method: .post,
                    headers: [.contentType: "multipart/form-data; boundary=\(FormEncoding.boundary)"],
                    body: ByteBuffer(string: FormEncoding.multipart(["_csrf": owner.csrfToken, "file.json": backup])))
            }
            let first = try await post()
            #expect(first.status == .seeOther, "\(WebTests.banner(first.text) ?? first.text.prefix(300).description)")
            #expect(first.headers[.location]?.contains("imported=40001%20new") == true, "\(first.headers)")
            #expect(try await fixture.scope.skills.all().map(\.name) == ["Guitar"])
            let again = try await post()
            #expect(again.headers[.location]?.contains("0%20new%2C%200%20updated%2C%2040001%20unchanged") == true)
        }
    }
}
