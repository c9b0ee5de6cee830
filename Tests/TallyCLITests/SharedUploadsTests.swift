import Foundation
import TallyTestSupport
import Testing

/// Two `tally serve` processes over one PostgreSQL database: a file sent on the Import page of one is
/// previewed and imported through the other when both keep uploads in the same `--upload-directory` (as
/// docs/storage.md requires); with a folder each, the other server says the upload is not on it and may have
/// gone to another server, and asks for the file again, storing nothing.
@Suite(.serialized, .enabled(if: PostgresTestDatabase.enabled)) struct SharedUploadsTests {
    static let diary = """
        full_date,date,weekday,time,mood,activities,note_title,note
        2026-11-20,November 20,Friday,8:00 pm,good,work | friends,,A long day
        2026-11-19,November 19,Thursday,7:30 am,meh,,,Early start
        """

    @Test func anUploadSentToOneServerIsImportedThroughAnotherSharingItsUploadDir() throws {
        let database = try PostgresTestDatabase()
        defer { database.drop() }
        var admin = try TallyBinary()
        defer { admin.remove() }
        admin.environment["TALLY_DATABASE_URL"] = database.url
        #expect(try admin.run(["users", "add", "ana"], stdin: "plum tree 42\n", useDataDirOption: false).status == 0)
        let token = try admin.run(["tokens", "create", "web", "--user", "ana"], useDataDirOption: false).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let diary = admin.dataDirectory.appendingPathComponent("daylio.csv")
        try Self.diary.write(to: diary, atomically: true, encoding: .utf8)

        let shared = admin.dataDirectory.appendingPathComponent("shared-uploads").path
        let servers = try (0..<2).map { _ in try ServerProcess(data: admin, database: database.url) }
        for server in servers {
            server.arguments = ["--upload-directory", shared]
            try server.start()
        }
        defer { servers.forEach { $0.stop() } }

        let preview = try Self.send(diary, to: servers[0], token: token)
        let shown = try Self.curl(["-H", "Authorization: Bearer \(token)", servers[1].url + preview])
        #expect(shown.contains("daylio.csv"), "\(shown)")
        let imported = try Self.curl(["-X", "POST", "-H", "Authorization: Bearer \(token)", servers[1].url + preview])
        #expect(imported.contains("Daylio: added 2"), "\(imported)")

        // A server with an upload folder of its own does not find an upload sent to the other.
        let alone = try ServerProcess(data: admin, database: database.url)
        alone.arguments = ["--upload-directory", admin.dataDirectory.appendingPathComponent("own-uploads").path]
        try alone.start()
        defer { alone.stop() }
        let second = try Self.send(diary, to: servers[0], token: token)
        let lost = try Self.curl(
            ["-w", "\n%{http_code}", "-X", "POST", "-H", "Authorization: Bearer \(token)", alone.url + second])
        #expect(lost.hasSuffix("\n404"), "\(lost)")
        #expect(lost.contains("was sent to another Tally server"), "\(lost)")
        #expect(lost.contains("choose the file again"), "\(lost)")
        // It is still waiting on the servers that share the folder.
        let stillThere = try Self.curl(["-H", "Authorization: Bearer \(token)", servers[1].url + second])
        #expect(stillThere.contains("daylio.csv"), "\(stillThere)")
    }

    /// Sends `file` on `server`'s Import page and returns its preview's path.
    static func send(_ file: URL, to server: ServerProcess, token: String) throws -> String {
        let answer = try curl([
            "-H", "Authorization: Bearer \(token)", "-H", "Accept: application/json", "-F", "format=",
            "-F", "file=@\(file.path)", "\(server.url)/import",
        ])
        let json = try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any]
        return try #require(json?["preview"] as? String, "\(answer)")
    }

    static func curl(_ arguments: [String]) throws -> String {
        let finished = try ChildProcess.run("curl", ["-s", "--max-time", "30"] + arguments)
        #expect(finished.status == 0, "\(String(decoding: finished.stderr, as: UTF8.self))")
        return String(decoding: finished.stdout, as: UTF8.self)
    }
}
