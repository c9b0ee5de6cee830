import Foundation
import Testing

/// `tally export --with-photos` and `tally import` of its zip, with the real binary: a journal photo
/// restored into another person's account, on SQLite and on PostgreSQL, is served with the very bytes.
@Suite struct PhotoBackupCLITests {
    /// A 1x1 PNG.
    static let png = Data(
        base64Encoded:
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==")!

    @Test func aBackupWithPhotosRestoresIntoAnotherAccountWithThePhotoServed() throws {
        let source = try TallyBinary()
        defer { source.remove() }
        let photo = source.dataDirectory.appendingPathComponent("snow.png")
        try Self.png.write(to: photo)
        let written = try source.run(["journal", "2026-11-21", "--note", "Snow", "--photo", photo.path])
        #expect(written.status == 0, "\(written.stderr)")
        let image = try #require(
            source.run(["journal", "2026-11-21"]).stdout.split(separator: "\n")
                .first { $0.hasPrefix("photo: ") }?.dropFirst("photo: ".count))
        let zip = source.dataDirectory.appendingPathComponent("backup.zip")
        let exported = try source.run(["export", "--with-photos", "--output", zip.path])
        #expect(exported.status == 0, "\(exported.stderr)")
        let refused = try source.run(["export", "--with-photos"])
        #expect(refused.status != 0 && refused.stderr.contains("give --output FILE.zip"), "\(refused.stderr)")

        let target = try TallyBinary()
        defer { target.remove() }
        #expect(try target.run(["users", "add", "ana"], stdin: "ana's long password\n").status == 0)
        #expect(try target.run(["users", "add", "bea"], stdin: "bea's long password\n").status == 0)
        let preview = try target.json(["import", zip.path, "--user", "bea", "--dry-run", "--json"])
        let report = try target.json(["import", zip.path, "--user", "bea", "--json"])
        let kinds = try #require(report["addedByKind"] as? [String: Int])
        #expect(kinds["photos"] == 1 && kinds["journalEntries"] == 1, "\(kinds)")
        #expect(preview["addedByKind"] as? [String: Int] == kinds)
        #expect(preview["added"] as? Int == report["added"] as? Int)
        let said = try target.run(["import", zip.path, "--user", "bea"])
        #expect(said.stdout.contains("Tally backup: added 0, 1 already here"), "\(said.stdout)")
        try Self.expectServed(String(image), to: "bea", by: ServerProcess(data: target))
    }

    @Test(.enabled(if: PostgresTestDatabase.enabled, "needs TALLY_TEST_POSTGRES_URL"))
    func aBackupWithPhotosRestoresIntoPostgreSQL() throws {
        let source = try TallyBinary()
        defer { source.remove() }
        let photo = source.dataDirectory.appendingPathComponent("snow.png")
        try Self.png.write(to: photo)
        #expect(try source.run(["journal", "2026-11-21", "--mood", "5", "--photo", photo.path]).status == 0)
        let image = try #require(
            source.run(["journal", "2026-11-21"]).stdout.split(separator: "\n")
                .first { $0.hasPrefix("photo: ") }?.dropFirst("photo: ".count))
        let zip = source.dataDirectory.appendingPathComponent("backup.zip")
        #expect(try source.run(["export", "--with-photos", "--output", zip.path]).status == 0)

        let database = try PostgresTestDatabase()
        defer { database.drop() }
        let target = try TallyBinary()
        defer { target.remove() }
        let added = try target.run(
            ["users", "add", "bea", "--database", database.url], stdin: "bea's long password\n",
            useDataDirOption: false)
        #expect(added.status == 0, "\(added.stderr)")
        let imported = try target.run(
            ["import", zip.path, "--user", "bea", "--database", database.url, "--json"], useDataDirOption: false)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("\"photos\" : 1"), "\(imported.stdout)")
        try Self.expectServed(String(image), to: "bea", by: ServerProcess(data: target, database: database.url))
    }

    /// `person` signs in and reads the journal day's photo: `image`, with the PNG's bytes.
    static func expectServed(_ image: String, to person: String, by server: ServerProcess) throws {
        try server.start()
        defer { server.stop() }
        let signIn = #"{"user": "\#(person)", "password": "\#(person)'s long password", "name": "restored"}"#
        let (status, body) = HTTP.exchange(
            "POST", "\(server.url)/api/v1/auth/tokens", token: "", body: Data(signIn.utf8))
        #expect(status == 201)
        let token = try StoreCopyCLITests.field("token", body)
        let day = HTTP.get("\(server.url)/api/v1/journal/2026-11-21", token: token)
        #expect(day.0 == 200)
        #expect(try StoreCopyCLITests.field("imageUrl", day.1) == image)
        let served = HTTP.get(server.url + image, token: token)
        #expect(served.0 == 200 && served.1 == png)
    }
}
