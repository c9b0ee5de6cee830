// CPU per acknowledged write on SQLite and on PostgreSQL, side by side in one run: a `tally serve` on each
// (a fresh SQLite directory; a fresh database on the PostgreSQL server), the same `POST /api/v1/water/entries`
// load on one, then the other, round after round. Each line counts the CPU seconds of the server process
// and, for PostgreSQL, of every process of the database server (its backends, the WAL writer and the rest,
// from /proc), divided by the writes acknowledged.
import Foundation
import HTTPLoad
import PostgresBench

/// One `tally serve` under test, with the account whose token the load sends.
struct ServedStore {
    let name: String
    let process: Process
    let port: Int
    let token: String
    /// The database server's processes, for PostgreSQL (nil: the database is in the server's process).
    let database: PostgresBench?

    /// Runs `tally arguments` against this store's data (`TALLY_DATA_DIR` or `--database`).
    static func tally(
        _ binary: String, _ arguments: [String], data: [String: String], stdin: String? = nil
    ) throws
        -> String
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments + (data["--database"].map { ["--database", $0] } ?? [])
        process.environment = ProcessInfo.processInfo.environment.merging(data.filter { $0.key != "--database" }) {
            $1
        }
        let out = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { fatalError("tally \(arguments) failed") }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A server on a new store: `data` is `TALLY_DATA_DIR` (SQLite) or `--database` (PostgreSQL).
    static func start(
        _ name: String, binary: String, data: [String: String], port: Int, database: PostgresBench?
    ) async throws -> ServedStore {
        _ = try tally(binary, ["users", "add", "bench"], data: data, stdin: "a long enough secret\n")
        let token = try tally(binary, ["tokens", "create", "bench", "--user", "bench"], data: data)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["serve", "--port", String(port)] + (data["--database"].map { ["--database", $0] } ?? [])
        process.environment = ProcessInfo.processInfo.environment.merging(data.filter { $0.key != "--database" }) {
            $1
        }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        for _ in 0..<100 {
            if (try? Data(contentsOf: URL(string: "http://127.0.0.1:\(port)/health")!)) != nil { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        return ServedStore(name: name, process: process, port: port, token: token, database: database)
    }

    /// The processes whose CPU a write here costs: the server's, and the database server's.
    func processes() async throws -> [Int32] {
        [process.processIdentifier] + (try await database?.processes() ?? [])
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}

/// What one load cost: writes acknowledged, and CPU seconds of the server and of the database server.
struct WriteCost {
    var writes = 0
    var server = 0.0
    var database = 0.0

    static func + (left: WriteCost, right: WriteCost) -> WriteCost {
        WriteCost(
            writes: left.writes + right.writes, server: left.server + right.server,
            database: left.database + right.database)
    }

    /// Microseconds of CPU a write: the server's, the database's and both.
    var perWrite: (server: Double, database: Double, total: Double) {
        let count = Double(max(1, writes))
        return (server / count * 1e6, database / count * 1e6, (server + database) / count * 1e6)
    }
}

/// `clients` connections writing to `store` for `seconds`; prints the rate and the CPU per write.
func measureWrites(_ store: ServedStore, clients: Int, seconds: Double) async throws -> WriteCost {
    let request = LoadRequest(
        port: store.port, method: "POST", path: "/api/v1/water/entries", token: store.token,
        json: #"{"amountMl": 250}"#)
    let pids = try await store.processes()
    let before = ProcessCPU.snapshot(pids)
    let result = HTTPLoad.run(clients: clients, seconds: seconds, status: 201) { _ in request }
    // Backends the load opened since: they count from their start.
    let after = ProcessCPU.snapshot(Set(pids + (try await store.processes())))
    let server = Int32(store.process.processIdentifier)
    let serverCPU = (after[server] ?? 0) - (before[server] ?? 0)
    let cost = WriteCost(
        writes: result.answered, server: serverCPU,
        database: ProcessCPU.used(from: before, to: after) - serverCPU)
    let (serverMicros, databaseMicros, total) = cost.perWrite
    say(
        String(
            format:
                "  %@, %d client%@: %6.0f writes/s, p50 %.1f ms, p99 %.1f ms; CPU per write %4.0f µs (server %.0f + database %.0f)",
            store.name, clients, clients == 1 ? " " : "s", result.rate, result.p50, result.p99, total, serverMicros,
            databaseMicros))
    return cost
}

/// SQLite and PostgreSQL side by side, `rounds` times each way, at 1 and 8 clients; prints each load and the
/// ratio of PostgreSQL's CPU per write to SQLite's.
func compareDatabases(binary: String, address: String, scratch: URL, seconds: Double, rounds: Int = 2) async throws {
    say("CPU per acknowledged write, SQLite and PostgreSQL side by side (\(binary)):")
    let bench = try await PostgresBench(PostgresAddress(address))
    let database = try await bench.createDatabase()
    let directory = scratch.appendingPathComponent("compare-sqlite")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let port = 18_900 + Int.random(in: 0..<90)
    let sqlite = try await ServedStore.start(
        "SQLite    ", binary: binary, data: ["TALLY_DATA_DIR": directory.path], port: port, database: nil)
    let postgres = try await ServedStore.start(
        "PostgreSQL", binary: binary, data: ["--database": database.text, "TALLY_DATA_DIR": directory.path + "-pg"],
        port: port + 1, database: bench)
    var costs: [String: WriteCost] = [:]
    for _ in 0..<rounds {
        for clients in [1, 8] {
            for store in [sqlite, postgres] {
                let cost = try await measureWrites(store, clients: clients, seconds: seconds)
                costs["\(store.name) \(clients)"] = (costs["\(store.name) \(clients)"] ?? WriteCost()) + cost
            }
        }
    }
    for clients in [1, 8] {
        let lite = costs["\(sqlite.name) \(clients)"]!.perWrite
        let pg = costs["\(postgres.name) \(clients)"]!.perWrite
        say(
            String(
                format:
                    "  %d client%@, all rounds: SQLite %.0f µs a write, PostgreSQL %.0f µs (server %.0f + database %.0f): %.2f x SQLite's (goal 1.5)",
                clients, clients == 1 ? " " : "s", lite.total, pg.total, pg.server, pg.database, pg.total / lite.total))
    }
    sqlite.stop()
    postgres.stop()
    try await bench.dropDatabase(database)
    try await bench.close()
}
