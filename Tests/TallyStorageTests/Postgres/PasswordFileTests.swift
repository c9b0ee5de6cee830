import Foundation
import Testing

@testable import TallyPostgres

/// libpq's password file: fields, wildcards, escapes, first match, and a file others may read ignored with a
/// warning. Needs no server (a real connection with one is in `PasswordConnectionTests`).
@Suite struct PasswordFileTests {
    static let text = """
        # a comment:5432:x:y:z
        db.example:5432:tally:ana:ana's \\:secret\\\\
        db.example:*:*:ana:second match
        *:6543:*:*:any host on 6543
        /run/postgresql:5432:tally:ben:by socket
        localhost:5432:*:cleo:cleo on the default socket
        short:line
        """

    @Test func theFirstMatchingLineGivesThePassword() throws {
        let file = PasswordFile(text: Self.text)
        func password(_ address: String) throws -> String? { file.password(for: try DatabaseURL(parsing: address)) }
        #expect(try password("postgres://ana@db.example/tally") == "ana's :secret\\")
        #expect(try password("postgres://ana@db.example:7000/other") == "second match")
        #expect(try password("postgres://zed@anywhere:6543/x") == "any host on 6543")
        #expect(try password("postgres://ben@/tally?host=/run/postgresql") == "by socket")
        #expect(try password("postgres://cleo@/tally?host=/var/run/postgresql") == "cleo on the default socket")
        #expect(try password("postgres://cleo@localhost/tally") == "cleo on the default socket")
        #expect(try password("postgres://zed@db.example/tally") == nil)
        #expect(file.entries.count == 5, "the comment and the short line are passed over")
    }

    @Test func aFileOthersMayReadIsIgnoredWithAWarning() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pgpass-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "*:*:*:ana:plum\n".write(toFile: path, atomically: true, encoding: .utf8)
        let url = try DatabaseURL(parsing: "postgres://ana@h/d")
        chmod(path, 0o644)
        let open = PasswordFile.lookup(url, path: path)
        #expect(open.password == nil)
        #expect(open.warning?.contains("has group or world access, so it is ignored") == true, "\(open)")
        #expect(open.warning?.contains("chmod 600") == true)
        chmod(path, 0o600)
        let private600 = PasswordFile.lookup(url, path: path)
        #expect(private600.password == "plum" && private600.warning == nil)
        let missing = PasswordFile.lookup(url, path: path + ".missing")
        #expect(missing.password == nil && missing.warning == nil)
    }

    @Test func pgpassfileNamesTheFileElseHome() {
        #expect(
            PasswordFile.path(environment: ["PGPASSFILE": "/etc/tally/pgpass"], home: "/home/ana")
                == "/etc/tally/pgpass")
        #expect(PasswordFile.path(environment: [:], home: "/home/ana") == "/home/ana/.pgpass")
    }
}
