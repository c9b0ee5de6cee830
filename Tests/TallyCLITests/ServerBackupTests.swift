import Foundation
import TallyTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The server backups `docs/storage.md` documents, done as a self-hoster would with real tools: SQLite's
/// `VACUUM INTO` while a real `tally serve` keeps writing, and `pg_dump -Fc` / `pg_restore` of PostgreSQL. Each
/// copy is served by a new `tally serve`, and everyone finds their password, token, entries and photo.
@Suite(.serialized) struct ServerBackupTests {
    /// The day the writer's entries go on, apart from the one entry each person was given.
    static let writerDay = "2026-11-21"

    @Test func aSQLiteBackupMadeWhileServingHoldsEveryAcknowledgedWrite() throws {
        guard let sqlite3 = Self.tool("sqlite3") else {
            print("skipped: sqlite3 is not installed (Debian: apt-get install sqlite3)")
            return
        }
        let source = try TallyBinary()
        defer { source.remove() }
        let people = try StoreCopyCLITests.populate(source)
        let ana = try #require(people.first)
        let server = try ServerProcess(data: source)
        try server.start()
        defer { server.stop() }

        // One writer keeps adding distinct amounts on the writer's day while the backup runs.
        let acknowledged = Locked<[Int]>([])
        let stop = Locked(false)
        let writer = Thread {
            var amount = 1
            while !stop.value {
                let body = #"{"amountMl": \#(amount), "at": "\#(Self.writerDay)T12:00:00-05:00"}"#
                if HTTP.send("POST", "\(server.url)/api/v1/water/entries", token: ana.token, body: body) == 201 {
                    acknowledged.update { $0.append(amount) }
                }
                amount += 1
            }
        }
        writer.start()
        while acknowledged.value.count < 50 { Thread.sleep(forTimeInterval: 0.01) }

        let backupDirectory = try TallyBinary()
        defer { backupDirectory.remove() }
        let copy = backupDirectory.dataDirectory.appendingPathComponent("tally.sqlite")
        let before = Set(acknowledged.value)
        let database = source.dataDirectory.appendingPathComponent("tally.sqlite").path
        let backup = try ChildProcess.run(sqlite3, [database, "VACUUM INTO '\(copy.path)'"])
        let after = acknowledged.value.count
        Thread.sleep(forTimeInterval: 0.2)
        stop.update { $0 = true }
        while !writer.isFinished { Thread.sleep(forTimeInterval: 0.01) }
        #expect(backup.status == 0, "\(String(decoding: backup.stderr, as: UTF8.self))")
        #expect(acknowledged.value.count > after, "the server stopped writing during the backup")
        // Images are files named by their content, only ever added: copied after the database, they hold
        // every photo the copy names.
        let images = try ChildProcess.run(
            "cp",
            ["-R", source.dataDirectory.appendingPathComponent("images").path, backupDirectory.dataDirectory.path])
        #expect(images.status == 0)
        server.stop()

        let restored = try ServerProcess(data: backupDirectory)
        try StoreCopyCLITests.expectServed(people, by: restored)
        try restored.start()
        defer { restored.stop() }
        let stored = try Self.amounts(on: Self.writerDay, from: restored, token: ana.token)
        print(
            "SQLite backup while serving: \(before.count) writes acknowledged before it began,"
                + " \(after - before.count) during it, \(stored.count) in the copy")
        #expect(before.isSubset(of: Set(stored)), "acknowledged but missing: \(before.subtracting(stored).sorted())")
        #expect(Set(stored).isSubset(of: Set(acknowledged.value)))
    }

    @Test(.enabled(if: PostgresTestDatabase.enabled)) func aPgDumpRestoresIntoAnotherDatabaseThatServesEveryone()
        throws
    {
        guard let pgDump = Self.tool("pg_dump"), let pgRestore = Self.tool("pg_restore") else {
            print("skipped: pg_dump or pg_restore is not installed (Debian: apt-get install postgresql-client)")
            return
        }
        let original = try PostgresTestDatabase()
        defer { original.drop() }
        let restoredDatabase = try PostgresTestDatabase()
        defer { restoredDatabase.drop() }
        let source = try TallyBinary()
        defer { source.remove() }
        let people = try StoreCopyCLITests.populate(source)
        #expect(try source.run(["copy", "--to", original.url]).status == 0)

        let dump = source.dataDirectory.appendingPathComponent("tally.dump")
        let dumped = try ChildProcess.run(pgDump, ["-Fc", "-f", dump.path, original.url])
        #expect(dumped.status == 0, "\(String(decoding: dumped.stderr, as: UTF8.self))")
        let restored = try ChildProcess.run(
            pgRestore, ["--no-owner", "--exit-on-error", "-d", restoredDatabase.url, dump.path])
        #expect(restored.status == 0, "\(String(decoding: restored.stderr, as: UTF8.self))")

        try StoreCopyCLITests.expectServed(people, by: ServerProcess(data: source, database: restoredDatabase.url))
        // The restored database is the same store: its export equals the original's, record for record.
        var admin = source
        admin.environment["TALLY_DATABASE_URL"] = original.url
        let before = try admin.run(["export", "--user", "ana"], useDataDirOption: false)
        admin.environment["TALLY_DATABASE_URL"] = restoredDatabase.url
        let after = try admin.run(["export", "--user", "ana"], useDataDirOption: false)
        #expect(before.status == 0 && after.status == 0, "\(before.stderr)\(after.stderr)")
        #expect(before.stdout == after.stdout)
    }

    /// The water amounts `token`'s owner has on `day`, as `server` lists them.
    static func amounts(on day: String, from server: ServerProcess, token: String) throws -> [Int] {
        let (status, body) = HTTP.get("\(server.url)/api/v1/water/entries?day=\(day)", token: token)
        #expect(status == 200)
        let entries = (try JSONSerialization.jsonObject(with: body) as? [String: Any])?["entries"] as? [[String: Any]]
        return (entries ?? []).compactMap { ($0["amountMl"] as? Double).map { Int($0) } }
    }

    /// The path of `name` on `PATH`, or nil when it is not installed.
    static func tool(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }
}
