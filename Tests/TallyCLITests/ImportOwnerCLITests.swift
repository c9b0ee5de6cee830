import Foundation
import Testing

/// A server's store never silently gives one person's backup to another: `tally import` of another
/// account's backup is refused (naming whose it is) unless the account is named with `--user`, and
/// `tally export --user` writes that account's records.
@Suite struct ImportOwnerCLITests {
    @Test func anotherAccountsBackupIsRefusedUnlessItsAccountIsNamed() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        #expect(try tally.run(["users", "add", "ana"], stdin: "a long enough secret\n").status == 0)
        let added = try tally.run(["users", "add", "bob", "--json"], stdin: "another long secret\n")
        let bob = try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any]
        let bobID = try #require(bob?["id"] as? String)
        // Ana's water, and a backup of it made to look like bob's, from an old server.
        #expect(try tally.run(["water", "log", "250"]).status == 0)
        let anas = try tally.run(["export"]).stdout
        let bobs = anas.replacingOccurrences(of: "00000000-0000-0000-0000-000000000001", with: bobID)
        let file = tally.dataDirectory.appendingPathComponent("bob.json")
        try bobs.write(to: file, atomically: true, encoding: .utf8)
        let before = try tally.run(["export"]).stdout

        let refused = try tally.run(["import", file.path])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("this backup holds bob's records, not ana's"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--user NAME"))
        #expect(try tally.run(["export"]).stdout == before, "nothing was imported")

        let named = try tally.run(["import", file.path, "--user", "bob"])
        #expect(named.status == 0, "\(named.stderr)")
        let exported = try tally.run(["export", "--user", "bob"]).stdout
        #expect(exported.contains(bobID) && !exported.contains("00000000-0000-0000-0000-000000000001"))
        #expect(try tally.run(["export"]).stdout == before, "ana's records are as they were")
        let unknown = try tally.run(["export", "--user", "cai"])
        #expect(unknown.status != 0 && unknown.stderr.contains("cai"), "\(unknown.stderr)")
    }

    /// A store without accounts is one person's: a backup from a server account comes into it as theirs.
    @Test func aOnePersonStoreTakesABackupFromAServerAccount() throws {
        let source = try TallyBinary()
        defer { source.remove() }
        #expect(try source.run(["water", "log", "300"]).status == 0)
        let backup = try source.run(["export"]).stdout.replacingOccurrences(
            of: "00000000-0000-0000-0000-000000000001", with: "5f2c3a9e-0000-4000-8000-000000000042")
        let target = try TallyBinary()
        defer { target.remove() }
        let imported = try target.run(["import", "-"], stdin: backup)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try target.json(["water", "today", "--json"])["totalMl"] as? Double == 300)
    }
}

/// A backup's deletions are carried so that they stay deleted, but counted apart from what was added: the
/// person is told of what they will see.
@Suite struct BackupDeletionsCLITests {
    @Test func deletionsAreCarriedAndCountedApart() throws {
        let source = try TallyBinary()
        defer { source.remove() }
        #expect(try source.run(["water", "log", "250"]).status == 0)
        let gone = try source.json(["water", "log", "100", "--json"])
        let id = try #require(gone["id"] as? String)
        #expect(try source.run(["water", "delete", id]).status == 0)
        let backup = try source.run(["export"]).stdout
        let target = try TallyBinary()
        defer { target.remove() }
        let preview =
            try JSONSerialization.jsonObject(
                with: Data(try target.run(["import", "-", "--dry-run", "--json"], stdin: backup).stdout.utf8))
            as? [String: Any]
        #expect(preview?["added"] as? Int == 1 && preview?["deletions"] as? Int == 1, "\(String(describing: preview))")
        let imported = try target.run(["import", "-"], stdin: backup)
        #expect(
            imported.stdout.contains("added 1") && imported.stdout.contains("1 deletion carried"), "\(imported.stdout)")
    }
}
