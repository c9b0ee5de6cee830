import Foundation
import TallyTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A real `tally serve` whose PostgreSQL server is stopped and started again (a cluster of the test's own,
/// so other tests keep theirs): while it is down every request is answered 503 with `Retry-After` at once,
/// not after a wait for a connection; once it is back, writes are taken again; and the server's log says once
/// that the connection was lost and once that it is back.
@Suite(.serialized, .enabled(if: PostgresTestDatabase.enabled)) struct DatabaseOutageTests {
    @Test func whileTheDatabaseIsDownRequestsFailAtOnceAndTheLogSaysLostAndBackOnce() throws {
        let cluster = try TestCluster.start()
        defer { cluster.stop() }
        var admin = try TallyBinary()
        defer { admin.remove() }
        admin.environment["TALLY_DATABASE_URL"] = cluster.url
        #expect(try admin.run(["users", "add", "ana"], stdin: "plum tree 42\n", useDataDirOption: false).status == 0)
        let token = try admin.run(["tokens", "create", "phone", "--user", "ana"], useDataDirOption: false).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let server = try ServerProcess(data: admin, database: cluster.url)
        server.capturesOutput = true
        try server.start()
        defer { server.stop() }
        let entries = "\(server.url)/api/v1/water/entries"
        #expect(HTTP.send("POST", entries, token: token, body: #"{"amountMl": 250}"#) == 201)

        try cluster.pgCtl(["-m", "fast", "-w", "stop"])
        var times: [Double] = []
        for attempt in 0..<8 {
            let started = Date()
            let (status, retryAfter, body) = Self.request(
                attempt.isMultiple(of: 2) ? "GET" : "POST", entries, token: token,
                body: attempt.isMultiple(of: 2) ? nil : #"{"amountMl": 300}"#)
            times.append(Date().timeIntervalSince(started))
            #expect(status == 503, "\(String(decoding: body, as: UTF8.self))")
            #expect(retryAfter != nil)
            #expect(!String(decoding: body, as: UTF8.self).contains("127.0.0.1"), "the page names the database")
        }
        print("answers while the database is down: \(times.map { String(format: "%.3f s", $0) })")
        // Without the watch a call could wait out the 5 s lease timeout. The first may wait a quarter of a second to tell a busy pool
        // from a database that is gone, the others none (measured alone: 0.27 s, then under 0.01 s); the bound
        // leaves room for a loaded machine.
        #expect(times.allSatisfy { $0 < 2.5 }, "\(times)")

        try cluster.pgCtl(["-l", "\(cluster.directory)/server.log", "-w", "-t", "60", "start"])
        var taken = false
        let restarted = Date()
        while !taken, Date().timeIntervalSince(restarted) < 30 {
            taken = HTTP.send("POST", entries, token: token, body: #"{"amountMl": 350}"#) == 201
            if !taken { Thread.sleep(forTimeInterval: 0.2) }
        }
        print("writes taken again \(String(format: "%.1f", Date().timeIntervalSince(restarted))) s after the start")
        #expect(taken)
        let (status, body) = HTTP.get("\(entries)?day=2026-11-22", token: token)
        #expect(status == 200)
        #expect(String(decoding: body, as: UTF8.self).contains("350"))

        server.stop()
        let log = server.log()
        let lost = log.split(separator: "\n").filter { $0.contains("lost the connection to PostgreSQL") }
        let back = log.split(separator: "\n").filter { $0.contains("is back after") }
        #expect(lost.count == 1, "\(log)")
        #expect(back.count == 1, "\(log)")
    }

    /// One request's status, `Retry-After` and body.
    static func request(_ method: String, _ url: String, token: String, body: String?) -> (Int, String?, Data) {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: (Int, String?, Data) = (0, nil, Data())
        URLSession.shared.dataTask(with: request) { data, response, _ in
            let response = response as? HTTPURLResponse
            result = (response?.statusCode ?? 0, response?.value(forHTTPHeaderField: "Retry-After"), data ?? Data())
            done.signal()
        }.resume()
        done.wait()
        return result
    }
}

/// A PostgreSQL cluster of a test's own, made by `scripts/postgres-test-cluster`, which the test may stop and
/// start with `pg_ctl`.
struct TestCluster {
    let url: String
    let directory: String
    let state: String

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/postgres-test-cluster").path

    static func start() throws -> TestCluster {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("tally-cluster-\(UUID().uuidString)")
            .path
        let started = try ChildProcess.run(script, ["start", "--state", state])
        guard started.status == 0 else {
            throw CLIFailure(
                result: .init(
                    status: started.status, stdout: "", stderr: String(decoding: started.stderr, as: UTF8.self)))
        }
        let directory = try String(contentsOfFile: state, encoding: .utf8).trimmingCharacters(
            in: .whitespacesAndNewlines)
        return TestCluster(
            url: String(decoding: started.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines),
            directory: directory, state: state)
    }

    /// Runs `pg_ctl` on the cluster, as its owner (`postgres` when the tests run as root).
    func pgCtl(_ arguments: [String]) throws {
        let binaries = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        let newest = binaries.sorted { $0.compare($1, options: .numeric) == .orderedAscending }.last
        let pgCtl =
            ProcessInfo.processInfo.environment["PG_BIN"].map { "\($0)/pg_ctl" }
            ?? newest.map { "/usr/lib/postgresql/\($0)/bin/pg_ctl" } ?? "pg_ctl"
        let command = [pgCtl, "-D", "\(directory)/data"] + arguments
        let finished =
            getuid() == 0
            ? try ChildProcess.run("runuser", ["-u", "postgres", "--"] + command)
            : try ChildProcess.run(command[0], Array(command.dropFirst()))
        guard finished.status == 0 else {
            throw CLIFailure(
                result: .init(
                    status: finished.status, stdout: String(decoding: finished.stdout, as: UTF8.self),
                    stderr: String(decoding: finished.stderr, as: UTF8.self)))
        }
    }

    func stop() {
        _ = try? ChildProcess.run(Self.script, ["stop", "--state", state])
    }
}
