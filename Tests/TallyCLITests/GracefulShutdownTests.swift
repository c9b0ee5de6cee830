import Foundation
import TallyTestSupport
import Testing

/// SIGTERM under write load, on each database: `tally serve` stops within a few seconds and exits cleanly,
/// and every write it acknowledged is stored. The HTTP server finishes the requests it took, then the
/// background services stop, then (on PostgreSQL) the client's connections close.
@Suite(.serialized) struct GracefulShutdownTests {
    @Test func sigtermOnSQLiteStopsPromptlyAndLosesNoAcknowledgedWrite() throws {
        try Self.stopUnderLoad(database: nil)
    }

    @Test(.enabled(if: PostgresTestDatabase.enabled))
    func sigtermOnPostgreSQLStopsPromptlyAndLosesNoAcknowledgedWrite() throws {
        let database = try PostgresTestDatabase()
        defer { database.drop() }
        try Self.stopUnderLoad(database: database.url)
    }

    /// Eight clients write distinct amounts until the server is gone; SIGTERM goes once 100 are acknowledged.
    static func stopUnderLoad(database: String?) throws {
        var admin = try TallyBinary()
        defer { admin.remove() }
        if let database { admin.environment["TALLY_DATABASE_URL"] = database }
        let added = try admin.run(["users", "add", "ana"], stdin: "plum tree 42\n", useDataDirOption: database == nil)
        #expect(added.status == 0, "\(added.stderr)")
        let token = try admin.run(["tokens", "create", "load", "--user", "ana"], useDataDirOption: database == nil)
            .stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!token.isEmpty)
        let server = try ServerProcess(data: admin, database: database)
        try server.start()
        defer { server.stop() }

        let acknowledged = Locked<Set<Int>>([])
        let sent = Locked(0)
        let stopped = Locked<(took: Duration, status: Int32?)?>(nil)
        DispatchQueue.concurrentPerform(iterations: 9) { client in
            guard client > 0 else {
                let waiting = ContinuousClock.now
                while acknowledged.value.count < 100 && ContinuousClock.now < waiting + .seconds(60) {
                    Thread.sleep(forTimeInterval: 0.01)
                }
                let signalled = ContinuousClock.now
                let status = server.stop()
                stopped.update { $0 = (ContinuousClock.now - signalled, status) }
                return
            }
            while stopped.value == nil {
                let amount = sent.update {
                    $0 += 1
                    return $0
                }
                let status = HTTP.send(
                    "POST", "\(server.url)/api/v1/water/entries", token: token, body: #"{"amountMl": \#(amount)}"#)
                if status == 201 { acknowledged.update { $0.insert(amount) } }
                // Refused: the server has stopped listening; it is asked again a little later.
                if status == 0 { Thread.sleep(forTimeInterval: 0.01) }
            }
        }
        let (took, status) = try #require(stopped.value)
        let acked = acknowledged.value
        #expect(acked.count >= 100)
        #expect(status == 0, "tally serve exited \(status.map(String.init) ?? "-") on SIGTERM")
        #expect(took < .seconds(5), "SIGTERM took \(took) to stop the server")

        let restarted = try ServerProcess(data: admin, database: database)
        try restarted.start()
        defer { restarted.stop() }
        let (read, body) = HTTP.get("\(restarted.url)/api/v1/water/entries?day=2026-11-22", token: token)
        #expect(read == 200)
        let json = try JSONSerialization.jsonObject(with: body) as? [String: Any]
        let entries = try #require(json?["entries"] as? [[String: Any]])
        let stored = Set(entries.compactMap { ($0["amountMl"] as? Double).map { Int($0) } })
        print("SIGTERM under load: stopped in \(took), \(acked.count) writes acknowledged, \(stored.count) stored")
        #expect(acked.isSubset(of: stored), "acknowledged but lost: \(acked.subtracting(stored).sorted())")
    }
}
