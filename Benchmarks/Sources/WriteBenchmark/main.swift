// Durable writes over HTTP: a release `tally serve` on a fresh SQLite store, one user with a bearer token,
// `POST /api/v1/water/entries` (answered 201 once its commit is durable) from 1, 8, 32 and 64 clients,
// next to bare SQLite's own rate in the same run (one row per durable commit, WAL, synchronous = FULL,
// from one writer and from eight), and the ratio. Afterwards every acknowledged write is counted in the
// store: none may be missing. Before the writes, `GET /api/v1/today` of another person from 1 and 32
// clients; after them, 100 people writing at once, each from a connection of their own. The server's
// resident memory is printed idle, after the writes and with the 100 people (goals 40 MB and 150 MB); each
// run of writes also prints how many writes a durable commit held (the server's `/metrics`) and the CPU
// time per write of the server and of the client threads.
// The clients are HTTPLoad's threads, each with one keep-alive connection: URLSession (libcurl on
// Linux) spent more of the two cores than the server did. Where `wrk` is installed, the same writes are
// also sent from it (one thread, event-driven) at 8, 32 and 64 connections, which leaves the server more
// of the two cores.
//
//   swift build -c release --static-swift-stdlib
//   swift run -c release --package-path Benchmarks write-benchmark
//
// TALLY_BINARY names another tally binary (to measure an older build side by side); TALLY_BENCH_SECONDS
// sets each run's length (5 s). With TALLY_BENCH_POSTGRES_URL naming a PostgreSQL server on this machine
// (`scripts/postgres-test-cluster start` prints one), a last part writes to a server on SQLite and one on
// PostgreSQL in turn and prints the CPU per write of each (the database server's processes included) and
// the ratio (DatabaseComparison.swift); `--databases` runs that part alone.
import Foundation
import GRDB
import HTTPLoad

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

func say(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

let binary = ProcessInfo.processInfo.environment["TALLY_BINARY"] ?? ".build/release/tally"
guard FileManager.default.isExecutableFile(atPath: binary) else {
    fatalError(
        "no tally binary at \(binary): run `swift build -c release --static-swift-stdlib` first, or set TALLY_BINARY")
}
let seconds = Double(ProcessInfo.processInfo.environment["TALLY_BENCH_SECONDS"] ?? "") ?? 5
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tally-write-bench-\(UUID())")
try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: scratch) }

func elapsedSeconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

// Bare SQLite: the database's own durable commit rate with Tally's settings.
func bareSQLite(writers: Int) async throws -> Double {
    var configuration = Configuration()
    configuration.busyMode = .timeout(10)
    let path = scratch.appendingPathComponent("bare-\(writers).sqlite").path
    let pool = try DatabasePool(path: path, configuration: configuration)
    try await pool.writeWithoutTransaction { db in
        try db.execute(sql: "PRAGMA synchronous = FULL")
        try db.execute(sql: "CREATE TABLE rows (id INTEGER PRIMARY KEY, v INTEGER)")
    }
    let start = ContinuousClock.now
    let count = try await withThrowingTaskGroup(of: Int.self) { group in
        for _ in 0..<writers {
            group.addTask {
                var own = 0
                while ContinuousClock.now - start < .seconds(seconds) {
                    let value = own
                    try await pool.write { db in try db.execute(sql: "INSERT INTO rows (v) VALUES (?)", arguments: [value]) }
                    own += 1
                }
                return own
            }
        }
        return try await group.reduce(0, +)
    }
    return Double(count) / elapsedSeconds(since: start)
}

let postgresAddress = ProcessInfo.processInfo.environment["TALLY_BENCH_POSTGRES_URL"]
if CommandLine.arguments.contains("--databases") {
    guard let postgresAddress else { fatalError("--databases needs TALLY_BENCH_POSTGRES_URL") }
    try await compareDatabases(binary: binary, address: postgresAddress, scratch: scratch, seconds: seconds)
    exit(0)
}

let bareOne = try await bareSQLite(writers: 1)
let bareEight = try await bareSQLite(writers: 8)
say(String(format: "bare SQLite, one row per durable commit: %.0f commits/s from 1 writer, %.0f from 8", bareOne, bareEight))

func tally(_ arguments: [String], stdin: String? = nil) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(["TALLY_DATA_DIR": scratch.path]) { $1 }
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

_ = try tally(["users", "add", "bench"], stdin: "a long enough secret\n")
let token = try tally(["tokens", "create", "bench", "--user", "bench"])
// A hundred more people, each with a token of their own, for the load of 100 users at once (made four at a
// time: each account's password is hashed).
let crowd = 100
let makeCrowd = Process()
makeCrowd.executableURL = URL(fileURLWithPath: "/bin/sh")
makeCrowd.arguments = [
    "-c",
    #"seq 0 $2 | xargs -P 4 -I{} sh -c '"#
        + #"echo "a long enough secret" | "$0" users add person{} >/dev/null && "#
        + #""$0" tokens create bench --user person{} > "$1/token-{}"' "$0" "$1""#,
    binary, scratch.path, String(crowd - 1),
]
makeCrowd.environment = ProcessInfo.processInfo.environment.merging(["TALLY_DATA_DIR": scratch.path]) { $1 }
makeCrowd.standardError = FileHandle.nullDevice
try makeCrowd.run()
makeCrowd.waitUntilExit()
let crowdTokens = try (0..<crowd).map { index in
    try String(contentsOf: scratch.appendingPathComponent("token-\(index)"), encoding: .utf8)
        .trimmingCharacters(in: .whitespacesAndNewlines)
}
let port = 18_500 + Int.random(in: 0..<400)
let server = Process()
server.executableURL = URL(fileURLWithPath: binary)
server.arguments = ["serve", "--port", String(port)]
let metricsToken = "write-benchmark-\(UUID())"
server.environment = ProcessInfo.processInfo.environment.merging([
    "TALLY_DATA_DIR": scratch.path, "TALLY_METRICS_TOKEN": metricsToken,
]) { $1 }
server.standardOutput = FileHandle.nullDevice
server.standardError = FileHandle.nullDevice
try server.run()
defer {
    server.terminate()
    server.waitUntilExit()
}
for _ in 0..<100 {
    if (try? Data(contentsOf: URL(string: "http://127.0.0.1:\(port)/health")!)) != nil { break }
    try await Task.sleep(for: .milliseconds(100))
}

/// The server's resident memory and its high-water mark since it started, in MB.
func serverMemory() -> (resident: Double, peak: Double) {
    let status = (try? String(contentsOfFile: "/proc/\(server.processIdentifier)/status", encoding: .utf8)) ?? ""
    func megabytes(_ field: String) -> Double {
        let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
        return (Double(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "") ?? 0) / 1024
    }
    return (megabytes("VmRSS"), megabytes("VmHWM"))
}

/// CPU seconds the server and this benchmark (its clients) have used so far, user and system together.
func cpuSeconds() -> (server: Double, clients: Double) {
    let stat = (try? String(contentsOfFile: "/proc/\(server.processIdentifier)/stat", encoding: .utf8)) ?? ""
    // The fields after the command's closing parenthesis; utime and stime are the 14th and 15th of the line.
    let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
    let ticks = fields.count > 12 ? (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0) : 0
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let own = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    return (ticks / Double(sysconf(Int32(_SC_CLK_TCK))), own)
}

/// Durable commits the server has made so far, and the writes they held (from its `/metrics`).
func commits() async throws -> (commits: Double, writes: Double) {
    var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/metrics")!)
    request.setValue("Bearer \(metricsToken)", forHTTPHeaderField: "Authorization")
    let text = String(decoding: try await URLSession.shared.data(for: request).0, as: UTF8.self)
    func value(_ name: String) -> Double {
        let line = text.split(separator: "\n").first { $0.hasPrefix(name + " ") } ?? ""
        return Double(line.split(separator: " ").last ?? "") ?? 0
    }
    return (value("tally_commits_total"), value("tally_commit_writes_sum"))
}

try await Task.sleep(for: .seconds(3))
say(String(format: "tally serve idle: %.0f MB resident (goal 40)", serverMemory().resident))

/// A request to the server as `token`'s owner: a glass of water logged, or (with no body) a read.
func request(_ path: String, token: String, logsWater: Bool) -> LoadRequest {
    LoadRequest(
        port: port, method: logsWater ? "POST" : "GET", path: path, token: token,
        json: logsWater ? #"{"amountMl": 250}"# : nil)
}

/// `request` sent from `clients` connections for `seconds`, each answer expected to be `status`.
func load(clients: Int, _ request: LoadRequest, status: Int) -> LoadResult {
    HTTPLoad.run(clients: clients, seconds: seconds, status: status) { _ in request }
}

// `GET /api/v1/today` of another person, with a usual day (eight glasses).
_ = try tally(["users", "add", "reader"], stdin: "another long enough secret\n")
let readerToken = try tally(["tokens", "create", "reader", "--user", "reader"])
for _ in 0..<8 { HTTPLoad.send(request("/api/v1/water/entries", token: readerToken, logsWater: true), status: 201) }
for clients in [1, 32] {
    let result = load(
        clients: clients, request("/api/v1/today", token: readerToken, logsWater: false), status: 200)
    say(
        String(
            format: "tally serve, GET /api/v1/today, %2d client%@: %6.0f reads/s, p50 %.1f ms, p99 %.1f ms",
            clients, clients == 1 ? " " : "s", result.rate, result.p50, result.p99))
}

var acknowledged = 0
for clients in [1, 8, 32, 64] {
    let (before, committedBefore) = (cpuSeconds(), try await commits())
    let result = load(
        clients: clients, request("/api/v1/water/entries", token: token, logsWater: true), status: 201)
    let (after, committedAfter) = (cpuSeconds(), try await commits())
    acknowledged += result.answered
    say(
        String(
            format: "tally serve, %2d client%@: %6.0f writes/s (%.2f of bare SQLite's single writer), p50 %.1f ms, p99 %.1f ms; %.1f writes per commit; CPU per write: server %.0f µs, clients %.0f µs",
            clients, clients == 1 ? " " : "s", result.rate, result.rate / bareOne, result.p50, result.p99,
            (committedAfter.writes - committedBefore.writes) / max(1, committedAfter.commits - committedBefore.commits),
            (after.server - before.server) / Double(result.answered) * 1e6,
            (after.clients - before.clients) / Double(result.answered) * 1e6))
}

/// The same writes from `wrk` (an event-driven C load generator, one thread) when it is installed: the
/// threads of HTTPLoad, one per connection, spend part of the two cores the server needs.
func wrkLoad(connections: Int) throws -> (rate: Double, p50: Double, p99: Double, answered: Int, refused: Int)? {
    guard let wrk = ["/usr/bin/wrk", "/usr/local/bin/wrk"].first(where: FileManager.default.isExecutableFile)
    else { return nil }
    let script = scratch.appendingPathComponent("post.lua")
    try """
    wrk.method = "POST"
    wrk.body = '{"amountMl": 250}'
    wrk.headers["Content-Type"] = "application/json"
    wrk.headers["Authorization"] = "Bearer \(token)"
    """.write(to: script, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: wrk)
    process.arguments = [
        "-t1", "-c\(connections)", "-d\(Int(seconds))s", "--latency", "-s", script.path,
        "http://127.0.0.1:\(port)/api/v1/water/entries",
    ]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    func words(after prefix: String) -> [Substring] {
        lines.first { $0.hasPrefix(prefix) }?.dropFirst(prefix.count).split(separator: " ") ?? []
    }
    /// A latency as wrk prints it (`850.00us`, `1.09ms`, `1.20s`), in milliseconds.
    func milliseconds(_ text: Substring?) -> Double {
        guard let text else { return .nan }
        for (unit, scale) in [("us", 0.001), ("ms", 1.0), ("s", 1000.0)] where text.hasSuffix(unit) {
            return (Double(text.dropLast(unit.count)) ?? .nan) * scale
        }
        return .nan
    }
    let completed = Int(lines.first { $0.contains(" requests in ") }?.split(separator: " ").first ?? "") ?? 0
    let refused = Int(words(after: "Non-2xx or 3xx responses:").first ?? "") ?? 0
    return (
        Double(words(after: "Requests/sec:").first ?? "") ?? 0, milliseconds(words(after: "50%").first),
        milliseconds(words(after: "99%").first), completed - refused, refused
    )
}
for connections in [8, 32, 64] {
    let (before, committedBefore) = (cpuSeconds(), try await commits())
    guard let result = try wrkLoad(connections: connections) else {
        say("(wrk is not installed: `apt-get install wrk` adds the same writes from an event-driven load)")
        break
    }
    let (after, committedAfter) = (cpuSeconds(), try await commits())
    acknowledged += result.answered
    say(
        String(
            format: "tally serve, %2d connections from wrk: %6.0f writes/s (%.2f of bare SQLite's single writer), p50 %.1f ms, p99 %.1f ms; %.1f writes per commit; server CPU per write %.0f µs%@",
            connections, result.rate, result.rate / bareOne, result.p50, result.p99,
            (committedAfter.writes - committedBefore.writes) / max(1, committedAfter.commits - committedBefore.commits),
            (after.server - before.server) / Double(max(1, result.answered)) * 1e6,
            result.refused == 0 ? "" : "; \(result.refused) REFUSED"))
}
let afterLoad = serverMemory()
say(String(format: "tally serve after the writes: %.0f MB resident, peak %.0f MB", afterLoad.resident, afterLoad.peak))

// A hundred people at once, each logging from a connection of their own.
/// `requests[i]` sent from connection `i` for `seconds`, each answer expected to be `status`.
func load(each requests: [LoadRequest], status: Int) -> LoadResult {
    HTTPLoad.run(clients: requests.count, seconds: seconds, status: status) { requests[$0] }
}
let crowdResult = load(
    each: crowdTokens.map { request("/api/v1/water/entries", token: $0, logsWater: true) }, status: 201)
acknowledged += crowdResult.answered
let withCrowd = serverMemory()
say(
    String(
        format: "tally serve, %d people at once: %6.0f writes/s, p99 %.1f ms; %.0f MB resident, peak %.0f MB",
        crowd, crowdResult.rate, crowdResult.p99, withCrowd.resident, withCrowd.peak) + " (goal 150)")
server.terminate()
server.waitUntilExit()
let stored = try await DatabaseQueue(path: scratch.appendingPathComponent("tally.sqlite").path).read { db in
    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM water_entries WHERE deleted = 0") ?? 0
}
say("acknowledged \(acknowledged) writes; stored \(stored)\(stored >= acknowledged ? "" : ": WRITES LOST")")

if let postgresAddress {
    try await compareDatabases(binary: binary, address: postgresAddress, scratch: scratch, seconds: seconds)
}
