import Foundation
import Testing

/// A wrong database address is one line naming the server and the reason, and a non-zero exit within
/// seconds, on every command that opens a store.
@Suite struct DatabaseFaultCLITests {
    @Test(arguments: [["users"], ["export"], ["water", "today"], ["serve", "--port", "0"]])
    func aRefusedAddressIsNamedAtOnce(_ arguments: [String]) throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        let started = Date()
        let result = try tally.run(arguments + ["--database", "postgres://tally@127.0.0.1:1/tally"])
        #expect(Date().timeIntervalSince(started) < 15)
        #expect(result.status != 0)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(
            result.stderr.contains("cannot reach PostgreSQL at 127.0.0.1:1: connection refused"), "\(result.stderr)")
    }

    @Test func loginAndSyncNeedADataDirectory() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        let result = try tally.run(["sync", "--database", "postgres://tally@127.0.0.1:1/tally"])
        #expect(result.status != 0 && result.stderr.contains("a PostgreSQL database is a server's"), "\(result.stderr)")
    }
}
