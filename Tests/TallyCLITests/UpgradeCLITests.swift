import Foundation
import GRDB
import TallyCore
import TallyTestSupport
import Testing

/// What an upgrade looks like from outside, with the real binary: a store one migration behind is brought
/// up to date and each migration applied is logged (standard error for a command, the log for `tally
/// serve`); a store a newer Tally migrated is refused, naming both schemas, and left as it was; and `tally
/// export | head` ends quietly.
@Suite struct UpgradeCLITests {
    /// A migration taken back to make a store one behind: the diary share links' table, which nothing
    /// later changes. (Not necessarily the last one: the refusal reads the last from the store.)
    static let sharesSQLite = "019-create-diary-shares"
    static let sharesPostgres = "015-create-diary-shares"

    @Test func aSQLiteStoreOneMigrationBehindIsMigratedAndTheMigrationLogged() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        let first = try tally.run(["water", "250"])
        #expect(first.status == 0)
        #expect(first.stderr.isEmpty, "a new store's creation is no news: \(first.stderr)")
        try Self.sqlite(tally) { db in
            try db.execute(sql: "DROP TABLE diary_shares")
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = ?", arguments: [Self.sharesSQLite])
        }
        let upgraded = try tally.run(["water", "today"])
        #expect(upgraded.status == 0, "\(upgraded.stderr)")
        let lines = upgraded.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(upgraded.stderr)")
        #expect(lines.first?.contains("notice") == true)
        #expect(
            lines.first?.contains("applied SQLite migration \(Self.sharesSQLite) to ") == true, "\(upgraded.stderr)")
        // Once is enough.
        #expect(try tally.run(["water", "today"]).stderr.isEmpty)

        // A server logs it too.
        try Self.sqlite(tally) { db in
            try db.execute(sql: "DROP TABLE diary_shares")
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = ?", arguments: [Self.sharesSQLite])
        }
        let server = try ServerProcess(data: tally)
        server.capturesOutput = true
        try server.start()
        server.stop()
        #expect(server.log().contains("applied SQLite migration \(Self.sharesSQLite) to "), "\(server.log())")
    }

    @Test func aSQLiteStoreANewerTallyMigratedIsRefusedNamingBothSchemas() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        #expect(try tally.run(["water", "250"]).status == 0)
        var last = ""
        try Self.sqlite(tally) { db in
            last = try String.fetchOne(db, sql: "SELECT max(identifier) FROM grdb_migrations") ?? ""
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('999-from-the-future')")
        }
        for arguments in [["water", "300"], ["serve", "--port", "0"]] {
            let refused = try tally.run(arguments)
            #expect(refused.status != 0)
            #expect(
                refused.stderr.contains(
                    "the database was written by a newer version of Tally (migration 999-from-the-future);"
                        + " this tally's schema ends at migration \(last): upgrade tally to open it"),
                "\(refused.stderr)")
        }
        try Self.sqlite(tally) { db in
            let entries = try Int.fetchOne(db, sql: "SELECT count(*) FROM water_entries")
            #expect(entries == 1, "the refusal wrote")
        }
    }

    @Test(.enabled(if: PostgresTestDatabase.enabled))
    func aPostgreSQLDatabaseIsMigratedWithALogLineAndRefusedWhenNewer() throws {
        let database = try PostgresTestDatabase()
        defer { database.drop() }
        var admin = try TallyBinary()
        defer { admin.remove() }
        admin.environment["TALLY_DATABASE_URL"] = database.url
        let made = try admin.run(["users", "add", "ana"], stdin: "plum tree 42\n", useDataDirOption: false)
        #expect(made.status == 0)
        #expect(!made.stderr.contains("migration"), "\(made.stderr)")
        try PostgresTestDatabase.psql(
            database.url,
            "DROP TABLE diary_shares; DELETE FROM tally_migrations WHERE identifier = '\(Self.sharesPostgres)'")
        let server = try ServerProcess(data: admin, database: database.url)
        server.capturesOutput = true
        try server.start()
        server.stop()
        let log = server.log()
        #expect(
            log.split(separator: "\n").filter { $0.contains("applied PostgreSQL migration \(Self.sharesPostgres)") }
                .count == 1, "\(log)")
        #expect(try admin.run(["users"], useDataDirOption: false).stderr.isEmpty, "migrated once")

        let last = try PostgresTestDatabase.psql(database.url, "SELECT max(identifier) FROM tally_migrations")
        try PostgresTestDatabase.psql(database.url, "INSERT INTO tally_migrations VALUES ('999-from-the-future', 0)")
        let refused = try admin.run(["users"], useDataDirOption: false)
        #expect(refused.status != 0)
        #expect(
            refused.stderr.contains(
                "(migration 999-from-the-future); this tally's schema ends at migration \(last)"),
            "\(refused.stderr)")
    }

    /// `tally export | head`: the reader leaves early, and the export ends with status 0 and says nothing.
    @Test func anExportIntoHeadEndsQuietly() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        let now = TimeInput.parseInstant("2026-11-22T10:00:00-05:00")!
        let backup = try BackupCoding.encoder().encode(
            TallyBackup(records: SampleEvents.bathroom(3_000, spacing: 3_600, newest: now)))
        let file = tally.dataDirectory.appendingPathComponent("backup.json")
        try backup.write(to: file)
        #expect(try tally.run(["import", file.path]).status == 0)
        for format in [[], ["--format", "csv", "--tracker", "bathroom"]] {
            let command =
                ([TallyBinary.executable.path, "export"] + format + ["--data-dir", tally.dataDirectory.path])
                .map { "'\($0)'" }.joined(separator: " ")
            var environment = ProcessInfo.processInfo.environment
            environment["TALLY_NOW"] = tally.now
            let piped = try ChildProcess.run(
                "bash", ["-o", "pipefail", "-c", "\(command) | head -c 100 >/dev/null"], environment: environment)
            #expect(piped.status == 0, "\(format): exit \(piped.status)")
            #expect(piped.stderr.isEmpty, "\(String(decoding: piped.stderr, as: UTF8.self))")
        }
    }

    static func sqlite(_ tally: TallyBinary, _ change: (Database) throws -> Void) throws {
        let queue = try DatabaseQueue(path: tally.dataDirectory.appendingPathComponent("tally.sqlite").path)
        try queue.write(change)
    }
}
