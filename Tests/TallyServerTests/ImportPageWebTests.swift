import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TallyCore
import TallyServices
import Testing

@testable import TallyServer

/// The Import page as a browser drives it: upload (written to disk as it arrives), a preview that
/// stores nothing, then import or cancel. The anti-forgery token may come as the form's first field,
/// a file over the server's limit is refused with the limit named, and a bad file is named and changes
/// nothing.
@Suite struct ImportPageWebTests {
    static let diary = """
        full_date,date,weekday,time,mood,activities,note_title,note
        2026-11-20,November 20,Friday,8:00 pm,good,work | friends,,A long day
        2026-11-19,November 19,Thursday,7:30 am,sleepy,,,Early start
        """

    static func upload(_ fields: [String: String]) -> (HTTPFields, ByteBuffer) {
        (
            [.contentType: "multipart/form-data; boundary=\(FormEncoding.boundary)"],
            ByteBuffer(string: FormEncoding.multipart(fields))
        )
    }

    @Test func previewShowsWhatWouldBeAddedAndImportStoresIt() async throws {
        let fixture = try ServerFixture()
        let uploads = fixture.configuration.uploadDirectory
        try await fixture.test { client in
            let (headers, body) = Self.upload(["daylio.csv": Self.diary, "format": "", "moods": "sleepy=2"])
            let posted = try await client.execute(uri: "/import", method: .post, headers: headers, body: body)
            #expect(posted.status == .seeOther, "\(WebTests.banner(posted.text) ?? posted.text)")
            let location = try #require(posted.headers[.location])
            #expect(location.hasPrefix("/import/"))
            let before = try await fixture.snapshot()
            let preview = try await client.execute(uri: location, method: .get)
            #expect(preview.status == .ok, "\(WebTests.banner(preview.text) ?? "")")
            #expect(preview.text.contains("daylio.csv") && preview.text.contains("Daylio"))
            #expect(preview.text.contains("<dt>New</dt><dd>2</dd>"))
            #expect(try await fixture.snapshot() == before, "the preview stored something")
            let imported = try await client.execute(uri: location, method: .post)
            #expect(imported.status == .ok)
            #expect(imported.text.contains("Daylio: added 2"), "\(imported.text)")
            let day = try await fixture.scope.journal.entry(on: LocalDay(year: 2026, month: 11, day: 19)!)
            #expect(day?.fields.moodRating == 2)
            #expect(day?.fields.notes?.contains("Early start") == true)
            // The upload is gone: a second import (a reload, a double tap) finds nothing to add twice.
            let again = try await client.execute(uri: location, method: .post)
            #expect(again.status == .notFound)
            #expect(WebTests.banner(again.text)?.contains("choose the file again") == true)
            let left = try FileManager.default.subpathsOfDirectory(atPath: uploads.path).filter {
                $0.hasSuffix(".csv")
            }
            #expect(left.isEmpty, "\(left)")
        }
    }

    /// A Tally backup's preview counts what it would add kind by kind, as the import's report then does.
    @Test func aBackupsPreviewCountsEachKind() async throws {
        let fixture = try ServerFixture()
        let source = try ServerFixture()
        defer { try? FileManager.default.removeItem(at: source.directory) }
        _ = try await source.scope.skills.add(.init(name: "Guitar"))
        for minutes in [10.0, 20, 30] {
            _ = try await source.scope.water.log(
                amountML: 250, at: ServerFixture.now.addingTimeInterval(-minutes * 60), source: .web)
        }
        _ = try await source.scope.bathroom.log(at: ServerFixture.now.addingTimeInterval(-600))
        let backup = String(decoding: try await source.scope.backup.exportJSON(), as: UTF8.self)
        try await fixture.test { client in
            let (headers, body) = Self.upload(["backup.json": backup])
            let posted = try await client.execute(uri: "/import", method: .post, headers: headers, body: body)
            let location = try #require(posted.headers[.location])
            let preview = try await client.execute(uri: location, method: .get)
            #expect(preview.status == .ok, "\(WebTests.banner(preview.text) ?? "")")
            for row in [
                "New</dt><dd>5", "New water entries</dt><dd>3", "New bathroom events</dt><dd>1",
                "New skills</dt><dd>1",
            ] {
                #expect(preview.text.contains("<dt>\(row)</dd>"), "\(row)")
            }
            #expect(!preview.text.contains("Skipped as duplicates"))
            let imported = try await client.execute(uri: location, method: .post)
            #expect(
                imported.text.contains("Tally backup: added 5 (1 bathroom event, 3 water entries, 1 skill)"),
                "\(imported.text)")
        }
    }

    /// One person keeps at most three uploads waiting: a fourth forgets the oldest preview they left
    /// (its address then asks for the file again), so nobody fills the server's disk and nobody is locked out.
    @Test func aFourthUploadForgetsTheOldestPreviewLeftWaiting() async throws {
        let fixture = try ServerFixture()
        let uploads = fixture.configuration.uploadDirectory
        try await fixture.test { client in
            var waiting: [String] = []
            for _ in 0...ImportUploads.waitingPerPerson {
                let (headers, body) = Self.upload(["daylio.csv": Self.diary, "moods": "sleepy=2"])
                let posted = try await client.execute(uri: "/import", method: .post, headers: headers, body: body)
                #expect(posted.status == .seeOther)
                waiting.append(try #require(posted.headers[.location]))
            }
            let kept = try FileManager.default.subpathsOfDirectory(atPath: uploads.path).filter {
                $0.hasSuffix("upload.json")
            }
            #expect(kept.count == ImportUploads.waitingPerPerson)
            let oldest = try await client.execute(uri: waiting[0], method: .get)
            #expect(oldest.status == .notFound)
            #expect(WebTests.banner(oldest.text)?.contains("choose the file again") == true)
            #expect(try await client.execute(uri: waiting[3], method: .get).status == .ok)
        }
    }

    @Test func theScriptGetsThePreviewAddressAsJSON() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            var (headers, body) = Self.upload(["daylio.csv": Self.diary, "moods": "sleepy=2"])
            headers[.accept] = "application/json"
            let posted = try await client.execute(uri: "/import", method: .post, headers: headers, body: body)
            #expect(posted.status == .created)
            let location = try #require(posted.headers[.location])
            #expect(posted.text == #"{"preview":"\#(location)"}"#)
            let cancelled = try await client.execute(uri: "\(location)/delete", method: .post)
            #expect(cancelled.status == .seeOther)
            #expect(try await client.execute(uri: location, method: .get).status == .notFound)
        }
    }

    @Test func aBadFileIsNamedAndAnUnmappedMoodSaysHowToMapIt() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let (headers, body) = Self.upload(["daylio.csv": Self.diary])
            let posted = try await client.execute(uri: "/import", method: .post, headers: headers, body: body)
            let location = try #require(posted.headers[.location])
            let preview = try await client.execute(uri: location, method: .get)
            #expect(preview.status == .unprocessableContent)
            let banner = try #require(WebTests.banner(preview.text))
            #expect(banner.contains("the mood 'sleepy' (row 3)"), "\(banner)")
            #expect(banner.contains("Renamed moods"))
            #expect(!preview.text.contains(">Import</button>"), "a file that cannot be read offers no import")
            let (badHeaders, badBody) = Self.upload(["daylio.csv": Self.diary, "moods": "sleepy"])
            let refused = try await client.execute(uri: "/import", method: .post, headers: badHeaders, body: badBody)
            #expect(refused.status == .badRequest)
            #expect(WebTests.banner(refused.text)?.contains("'sleepy' is not a mood mapping") == true)
            let (noFileHeaders, noFileBody) = Self.upload(["format": "daylio"])
            let empty = try await client.execute(
                uri: "/import", method: .post, headers: noFileHeaders, body: noFileBody)
            #expect(empty.status == .badRequest)
            #expect(WebTests.banner(empty.text) == "choose a file to import")
        }
    }

    @Test func theTokenMayComeAsTheFirstFieldAndIsRequired() async throws {
        let fixture = try ServerFixture()
        let owner = try await fixture.signIn(name: "owner")
        let uploads = fixture.configuration.uploadDirectory
        try await fixture.testSignedOut { client in
            let cookie: HTTPFields = [.cookie: "tally_session=\(owner.sessionSecret)"]
            var (headers, body) = Self.upload(["_csrf": owner.csrfToken, "daylio.csv": Self.diary])
            headers.append(contentsOf: cookie)
            let accepted = try await client.execute(uri: "/import", method: .post, headers: headers, body: body)
            #expect(accepted.status == .seeOther, "\(WebTests.banner(accepted.text) ?? "")")
            var (forgedHeaders, forgedBody) = Self.upload(["_csrf": "forged", "daylio.csv": Self.diary])
            forgedHeaders.append(contentsOf: cookie)
            let forged = try await client.execute(
                uri: "/import", method: .post, headers: forgedHeaders, body: forgedBody)
            #expect(forged.status == .forbidden)
            var (bareHeaders, bareBody) = Self.upload(["daylio.csv": Self.diary])
            bareHeaders.append(contentsOf: cookie)
            let bare = try await client.execute(uri: "/import", method: .post, headers: bareHeaders, body: bareBody)
            #expect(bare.status == .forbidden)
            let kept = try FileManager.default.subpathsOfDirectory(atPath: uploads.path).filter {
                $0.hasSuffix("daylio.csv")
            }
            #expect(kept.count == 1, "only the accepted upload is kept: \(kept)")
        }
    }

    @Test func aFileOverTheLimitIsRefusedNamingTheLimit() async throws {
        let fixture = try ServerFixture()
        var configuration = fixture.configuration
        configuration.importLimit = 2048
        let uploads = configuration.uploadDirectory
        try await fixture.test(configuration: configuration) { client in
            let big = Self.diary + String(repeating: "\n2026-11-18,November 18,Wednesday,9:00 am,meh,,,x", count: 100)
            let (headers, body) = Self.upload(["daylio.csv": big])
            let refused = try await client.execute(uri: "/import", method: .post, headers: headers, body: body)
            #expect(refused.status == .contentTooLarge)
            #expect(refused.text.contains("import limit of 2 KB"), "\(refused.text.prefix(400))")
            let kept = ((try? FileManager.default.subpathsOfDirectory(atPath: uploads.path)) ?? []).filter {
                $0.hasSuffix(".csv")
            }
            #expect(kept.isEmpty, "\(kept)")
            let page = try await client.execute(uri: "/import", method: .get)
            #expect(page.text.contains("Files up to 2 KB"))
        }
    }

    /// A body that does not say its length (chunked) is cut off where it passes the limit, as it arrives.
    @Test func aStreamedBodyStopsAtTheLimit() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-upload-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (headers, body) = Self.upload(["big.csv": String(repeating: "x", count: 10_000)])
        func request() -> Request {
            Request(
                head: HTTPRequest(
                    method: .post, scheme: "http", authority: "tally", path: "/import", headerFields: headers),
                body: RequestBody(buffer: body))
        }
        await #expect(throws: HTTPProblem.self) {
            _ = try await StreamedUpload.receive(request(), into: folder, maxBytes: 4096, token: nil)
        }
        let received = try await StreamedUpload.receive(request(), into: folder, maxBytes: 10_000, token: nil)
        #expect(received.size == 10_000 && received.fileName == "big.csv")
        #expect(try Data(contentsOf: received.file).count == 10_000)
    }

    @Test func safeNamesKeepOnlyTheFileName() {
        #expect(StreamedUpload.safeName("../../etc/passwd") == "passwd")
        #expect(StreamedUpload.safeName("C:\\Users\\me\\export.zip") == "export.zip")
        #expect(StreamedUpload.safeName("..") == "upload")
    }
}
