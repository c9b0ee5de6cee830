import Foundation
import TallyTestSupport
import Testing

/// Connecting as PostgreSQL's own tools do, with the real binary and the test server: over its Unix-domain
/// socket, with libpq's keyword form, and with the password from a `.pgpass` file (`PGPASSFILE`) for a role that must give one, which
/// is ignored with a warning while others may read the file.
@Suite(.serialized, .enabled(if: PostgresTestDatabase.enabled)) struct PostgresConnectingCLITests {
    @Test func theServersUnixSocketIsReachedByItsDirectory() throws {
        let database = try PostgresTestDatabase()
        defer { database.drop() }
        let directory = try PostgresTestDatabase.psql(database.url, "SHOW unix_socket_directories")
            .split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) }
        let socketDirectory = try #require(directory.flatMap { $0.hasPrefix("/") ? $0 : nil }, "no socket directory")
        let port = try PostgresTestDatabase.psql(database.url, "SHOW port")
        let address = "postgres://tally@:\(port)/\(database.name)?host=\(socketDirectory)"
        let tally = try TallyBinary()
        defer { tally.remove() }
        let added = try tally.run(["users", "add", "ana", "--database", address], stdin: "plum tree 42\n")
        #expect(added.status == 0, "\(added.stderr)")
        // The address names no TCP host at all: the socket is the only way in.
        let listed = try tally.run(["users", "--database", address])
        #expect(listed.status == 0 && listed.stdout.contains("ana"), "\(listed.stderr)")
        #expect(try PostgresTestDatabase.psql(database.url, "SELECT count(*) FROM users") == "1")
        // libpq's keyword form, as psql takes it, reaches the same database, by TCP and by the socket.
        for keywords in [
            "host=127.0.0.1 port=\(port) user=tally dbname=\(database.name)",
            "host=\(socketDirectory) port = \(port) user='tally' dbname=\(database.name) sslmode=disable",
        ] {
            let read = try tally.run(["users", "--database", keywords])
            #expect(read.status == 0 && read.stdout.contains("ana"), "\(keywords): \(read.stderr)")
        }
        // A socket that is not there is named.
        let missing = try tally.run(["users", "--database", "postgres://tally@/\(database.name)?host=/nonexistent"])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("PostgreSQL at /nonexistent/.s.PGSQL.5432"), "\(missing.stderr)")
    }

    @Test func aPasswordComesFromThePasswordFileOnlyWhenOnlyItsOwnerMayReadIt() throws {
        let database = try PostgresTestDatabase()
        defer { database.drop() }
        let role = "pgpass_user_\(UInt32.random(in: 0...UInt32.max))"
        _ = try PostgresTestDatabase.psql(
            database.url, "CREATE ROLE \(role) LOGIN PASSWORD 'a: tricky\\pass' IN ROLE tally_password_auth")
        defer { _ = try? PostgresTestDatabase.psql(database.url, "DROP OWNED BY \(role); DROP ROLE \(role)") }
        _ = try PostgresTestDatabase.psql(database.url, "GRANT CREATE ON SCHEMA public TO \(role)")
        let port = try PostgresTestDatabase.psql(database.url, "SHOW port")
        var tally = try TallyBinary()
        defer { tally.remove() }
        let file = tally.dataDirectory.appendingPathComponent("pgpass")
        try "# Tally's\nother.example:*:*:*:not this\n127.0.0.1:\(port):\(database.name):\(role):a\\: tricky\\\\pass\n"
            .write(to: file, atomically: true, encoding: .utf8)
        tally.environment["PGPASSFILE"] = file.path
        tally.environment["PGPASSWORD"] = ""
        let address = "postgres://\(role)@127.0.0.1:\(port)/\(database.name)"

        chmod(file.path, 0o644)
        let refused = try tally.run(["users", "--database", address])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("has group or world access, so it is ignored"), "\(refused.stderr)")
        #expect(refused.stderr.contains("the server asks for a password"), "\(refused.stderr)")

        chmod(file.path, 0o600)
        let listed = try tally.run(["users", "--database", address])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stderr.isEmpty, "\(listed.stderr)")
    }
}
