import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// A journal save the server refuses (a mood of 9, a day in the future or before 2000) keeps nothing of what
/// came with it, the photo included.
@Suite struct JournalPhotoRefusalTests {
    @Test(
        "a refused save stores no photo",
        arguments: [("2026-11-21", "9", "9"), ("2031-01-01", "3", "future"), ("1999-12-31", "3", "2000")])
    func aRefusedSaveStoresNoPhoto(day: String, moodText: String, reason: String) async throws {
        let fixture = try ServerFixture()
        let images = fixture.directory.appendingPathComponent("images")
        try await fixture.test { client in
            let body = FormEncoding.multipart(["notes": "A fine day", "mood": moodText], photo: OwnerRecords.jpeg)
            let refused = try await client.execute(
                uri: "/journal/\(day)", method: .post,
                headers: [.contentType: "multipart/form-data; boundary=\(FormEncoding.boundary)"],
                body: ByteBuffer(bytes: body))
            #expect(refused.status == .badRequest)
            #expect(
                WebTests.banner(refused.text)?.contains(reason) == true, "\(WebTests.banner(refused.text) ?? "")")
            let stored = (try? FileManager.default.contentsOfDirectory(atPath: images.path)) ?? []
            #expect(stored.isEmpty, "\(stored)")
            #expect(try await fixture.scope.journal.entry(on: .init(day)!) == nil)
        }
    }
}
