// Durable writes over HTTP with one, two and three `tally serve` processes on one PostgreSQL database, at 8
// and 32 concurrent clients, against PostgreSQL's own single-row commit rate from one client in the same run.
//
//   swift build -c release --static-swift-stdlib  # the tally binary the servers run
//   export TALLY_BENCH_POSTGRES_URL=$(scripts/postgres-test-cluster start)
//   swift run -c release --package-path Benchmarks servers-benchmark
//
// Each write is `POST /api/v1/water/entries`, answered 201 only once committed. Clients share 16 accounts
// (client n writes as account n mod 16), as an organisation's people would; a last run puts every client on
// one account, whose writes take turns on its clock.
//
// Each load also prints its writes per CPU-second: the writes acknowledged over the CPU time the `tally`
// processes and every process of the database server spent meanwhile (from /proc, so the database must run
// on this machine), with the load's own CPU apart. On a machine of few cores, where processes added only
// share them, that is the figure that says what more processes on more cores would give.
import Foundation
import HTTPLoad
import Logging
import PostgresBench
import PostgresNIO

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The parts of a `postgres://USER[:PASSWORD]@HOST[:PORT]/DB` address this benchmark needs.
struct Address {
    var user: String
    var password: String?
    var host: String
    var port: Int
    var database: String

    init(_ text: String) {
        guard let url = URLComponents(string: text), let host = url.host, let user = url.user else {
            fatalError("\(text) is not a postgres://USER@HOST[:PORT]/DB address")
        }
        self.user = user
        password = url.password
        self.host = host
        port = url.port ?? 5432
        database = String(url.path.dropFirst())
    }

    var text: String { "postgres://\(user)\(password.map { ":\($0)" } ?? "")@\(host):\(port)/\(database)" }
}

let admin = Address(
    ProcessInfo.processInfo.environment["TALLY_BENCH_POSTGRES_URL"]
        ?? ProcessInfo.processInfo.environment["TALLY_TEST_POSTGRES_URL"] ?? "postgres://tally@127.0.0.1:5432/tally")
let binary = ProcessInfo.processInfo.environment["TALLY_BINARY"] ?? ".build/release/tally"
guard FileManager.default.isExecutableFile(atPath: binary) else {
    fatalError(
        "no tally binary at \(binary): run `swift build -c release --static-swift-stdlib` first, or set TALLY_BINARY")
}
let seconds = Double(ProcessInfo.processInfo.environment["TALLY_BENCH_SECONDS"] ?? "") ?? 5
let logger = Logger(label: "bench", factory: { _ in SwiftLogNoOpLogHandler() })

func connect(_ url: Address) async throws -> PostgresConnection {
    let configuration = PostgresConnection.Configuration(
        host: url.host, port: url.port, username: url.user, password: url.password, database: url.database,
        tls: .disable)
    return try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
}

func close(_ connection: PostgresConnection) async throws {
    try await connection.close()
}

func run(_ arguments: [String], database: String, stdin: String? = nil) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments + ["--database", database]
    let out = Pipe()
    let input = Pipe()
    process.standardOutput = out
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try input.fileHandleForWriting.close()
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { fatalError("tally \(arguments) failed") }
    return text.trimmingCharacters(in: .whitespacesAndNewlines)
}

// A fresh database for this run.
let name = "tally_bench_\(UInt32.random(in: 0...UInt32.max))"
let adminConnection = try await connect(admin)
_ = try await adminConnection.query("CREATE DATABASE \(unescaped: name)", logger: logger).collect()
var target = admin
target.database = name
let url = target.text

// PostgreSQL alone: one client committing one row at a time, synchronous_commit on.
let baseline: Double = try await {
    let connection = try await connect(target)
    _ = try await connection.query("CREATE TABLE bench_rows (id bigserial PRIMARY KEY, v bigint)", logger: logger).collect()
    let start = ContinuousClock.now
    var count = 0
    while ContinuousClock.now - start < .seconds(seconds) {
        _ = try await connection.query("INSERT INTO bench_rows (v) VALUES (\(count))", logger: logger).collect()
        count += 1
    }
    try await close(connection)
    return Double(count) / seconds
}()
print(String(format: "PostgreSQL alone, one client, one row per commit: %.0f commits/s", baseline))

// Accounts and their tokens.
let accounts = 16
let tokens: [String] = try (0..<accounts).map { index in
    _ = try run(["users", "add", "bench\(index)"], database: url, stdin: "a long enough secret\n")
    return try run(["tokens", "create", "bench", "--user", "bench\(index)"], database: url)
}

func startServers(_ count: Int) throws -> [(Process, Int)] {
    try (0..<count).map { index in
        let port = 18_400 + index
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["serve", "--port", String(port), "--database", url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return (process, port)
    }
}

/// The database server's processes (its backends and the rest), read through the administrator's connection.
let database = try await PostgresBench(PostgresAddress(admin.text))

/// What a load cost: CPU seconds of the `tally` processes, of the database server's and of the load itself.
struct LoadCost {
    var servers: Double
    var database: Double
    var clients: Double
}

/// Sends writes from `clients` connections for `seconds` (spread over the processes, and over the 16
/// accounts unless `oneAccount`); returns its result and what it cost in CPU.
func load(servers: [(Process, Int)], clients: Int, oneAccount: Bool) async throws -> (LoadResult, LoadCost) {
    let ports = servers.map(\.1)
    let tallies = servers.map { $0.0.processIdentifier }
    let before = (ProcessCPU.snapshot(tallies), ProcessCPU.snapshot(try await database.processes()), ProcessCPU.own())
    let result = HTTPLoad.run(clients: clients, seconds: seconds, status: 201) { client in
        LoadRequest(
            port: ports[client % ports.count], method: "POST", path: "/api/v1/water/entries",
            token: tokens[oneAccount ? 0 : client % accounts], json: #"{"amountMl": 250}"#)
    }
    let backends = Set(before.1.keys).union(try await database.processes())
    let cost = LoadCost(
        servers: ProcessCPU.used(from: before.0, to: ProcessCPU.snapshot(tallies)),
        database: ProcessCPU.used(from: before.1, to: ProcessCPU.snapshot(backends)),
        clients: ProcessCPU.own() - before.2)
    return (result, cost)
}

var single: Double = 0
for processes in 1...3 {
    let servers = try startServers(processes)
    try await Task.sleep(for: .seconds(2))
    for (clients, oneAccount) in [(8, false), (32, false), (32, true)] {
        let (result, cost) = try await load(servers: servers, clients: clients, oneAccount: oneAccount)
        let (rate, p50, p99) = (result.rate, result.p50, result.p99)
        if processes == 1, clients == 32, !oneAccount { single = rate }
        print(
            String(
                format:
                    "%d process%@, %2d clients%@: %6.0f writes/s (%.2f of PostgreSQL alone%@), p50 %.1f ms, p99 %.1f ms",
                processes, processes == 1 ? "  " : "es", clients, oneAccount ? ", one account " : ", 16 accounts",
                rate, rate / baseline,
                processes > 1 && !oneAccount && clients == 32
                    ? String(format: "; %.2f of one process", rate / single) : "",
                p50, p99))
        print(
            String(
                format:
                    "    %.0f writes per CPU-second (tally %.2f s + PostgreSQL %.2f s for %d writes, %.0f µs a write); the load's clients %.2f s",
                Double(result.answered) / max(0.001, cost.servers + cost.database), cost.servers, cost.database,
                result.answered, (cost.servers + cost.database) / Double(max(1, result.answered)) * 1e6, cost.clients))
    }
    for (process, _) in servers {
        process.terminate()
        process.waitUntilExit()
    }
}
_ = try await adminConnection.query("DROP DATABASE \(unescaped: name) WITH (FORCE)", logger: logger).collect()
try await close(adminConnection)
try await database.close()
