import Foundation
import GRDB
import Logging
import PostgresNIO
import TallyCore
import TallyPostgres
import TallySQLite
import TallyServices
import TallyStorage

// Figures for the storage targets of PRODUCT.md, on SQLite and, when TALLY_BENCH_POSTGRES_URL names a
// PostgreSQL server (e.g. from scripts/postgres-test-cluster start), on PostgreSQL too:
// 1. a day's summary over ten years of history (100,000 entries), in process;
// 2. durable single-event writes, against the database's own single-row durable commits in the same run.

let zone = TimeZone(identifier: "America/New_York")!
let now = TimeInput.parseISO("2026-11-22T10:00:00-05:00", zone: zone)!
let quiet = Logger(label: "bench", factory: { _ in SwiftLogNoOpLogHandler() })

func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tally-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

func measure(_ iterations: Int, _ body: () async throws -> Void) async rethrows -> Duration {
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<iterations { try await body() }
    return (clock.now - start) / iterations
}

func microseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    return String(format: "%.1f µs", Double(seconds) * 1e6 + Double(attoseconds) / 1e12)
}

func close(_ connection: PostgresConnection) async throws {
    try await connection.close()
}

func rate(_ duration: Duration) -> Double {
    1.0 / (Double(duration.components.attoseconds) / 1e18 + Double(duration.components.seconds))
}

/// 1. A day's summary over 100,000 entries spread over ten years, in `store`.
func readFigures(_ name: String, _ store: any TallyStore) async throws {
    let reader = UserScope(store: store, clock: FixedClock(now), machineZone: zone)
    let entries = 100_000
    let span: TimeInterval = 10 * 365 * 86_400
    var batch: [AnyRecord] = []
    for index in 0..<entries {
        let at = now.addingTimeInterval(-span * Double(index) / Double(entries))
        let meta = RecordMeta(
            id: UUID(), ownerID: LocalUser.id, createdAt: at, modifiedAt: at, deviceID: store.deviceID,
            stamp: HLCStamp(millis: at.millisecondsSince1970, counter: 0))
        let fields = BathroomEventFields(at: at, timeZoneID: zone.identifier, volumeML: 200 + index % 300)
        batch.append(AnyRecord(BathroomEvent(meta: meta, fields: fields)))
    }
    let loadStart = ContinuousClock.now
    for start in stride(from: 0, to: entries, by: 10_000) {
        _ = try await store.merge(Array(batch[start..<start + 10_000]), now: now)
    }
    print("\(name): loaded \(entries) events in \(ContinuousClock.now - loadStart)")
    let today = try await reader.now().today
    _ = try await reader.bathroom.diary(from: today, to: today)  // warm up
    let daySummary = try await measure(1_000) { _ = try await reader.bathroom.diary(from: today, to: today) }
    let todayList = try await measure(1_000) { _ = try await reader.bathroom.today() }
    print("\(name): day summary (diary of one day, 100k events): \(microseconds(daySummary)) per call")
    print("\(name): today's list (100k events):                  \(microseconds(todayList)) per call")
}

/// 2. Durable writes: one event per transaction through Tally, against `bare` single-row commits.
func writeFigures(_ name: String, _ store: any TallyStore, bare: () async throws -> Void) async throws {
    let writes = 500
    let writer = UserScope(store: store, clock: FixedClock(now), machineZone: zone)
    let tallyWrite = try await measure(writes) { _ = try await writer.bathroom.log(note: "benchmark") }
    let bareWrite = try await measure(writes, bare)
    print(
        String(
            format: "%@: durable writes: Tally %.0f events/s, the database alone %.0f rows/s, ratio %.2f", name,
            rate(tallyWrite), rate(bareWrite), rate(tallyWrite) / rate(bareWrite)))
}

// SQLite, in a temporary directory.
let directories = try (0..<3).map { _ in try temporaryDirectory() }
try await readFigures("SQLite", try SQLiteStore(directory: directories[0]))
let dayEvents = try await UserScope(
    store: try SQLiteStore(directory: directories[0]), clock: FixedClock(now), machineZone: zone
).bathroom.events(from: LocalDay("2026-11-22")!, to: LocalDay("2026-11-22")!)
let pureSummary = try await measure(20_000) {
    _ = BladderDiary(
        events: dayEvents, from: LocalDay("2026-11-22")!, to: LocalDay("2026-11-22")!, boundary: DayBoundary(),
        sleep: UserSettings.defaults.sleep)
}
print("day summary, domain only (\(dayEvents.count) events): \(microseconds(pureSummary)) per call")
var configuration = Configuration()
configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
let rawPool = try DatabasePool(
    path: directories[2].appendingPathComponent("raw.sqlite").path, configuration: configuration)
try await rawPool.write { db in try db.execute(sql: "CREATE TABLE t (id TEXT PRIMARY KEY, at_ms INTEGER, note TEXT)") }
try await writeFigures("SQLite", try SQLiteStore(directory: directories[1])) {
    try await rawPool.write { db in
        try db.execute(sql: "INSERT INTO t VALUES (?, ?, ?)", arguments: [UUID().uuidString, 0, "benchmark"])
    }
}
for directory in directories { try? FileManager.default.removeItem(at: directory) }

// PostgreSQL, in a new database on the server named, dropped at the end.
if let address = ProcessInfo.processInfo.environment["TALLY_BENCH_POSTGRES_URL"] {
    let admin = try DatabaseURL(parsing: address)
    func connect(_ url: DatabaseURL) async throws -> PostgresConnection {
        try await PostgresConnection.connect(
            configuration: .init(
                host: url.host, port: url.port, username: url.user, password: url.password, database: url.database,
                tls: .disable), id: 1, logger: quiet)
    }
    let control = try await connect(admin)
    var names: [String] = []
    func freshDatabase() async throws -> DatabaseURL {
        let name = "tally_bench_\(UInt32.random(in: 0...UInt32.max))"
        _ = try await control.query("CREATE DATABASE \(unescaped: name)", logger: quiet).collect()
        names.append(name)
        var url = admin
        url.database = name
        return url
    }
    let readStore = try await PostgresStore.open(url: try await freshDatabase(), logger: quiet)
    try await readFigures("PostgreSQL", readStore)
    await readStore.shutdown()
    let writeURL = try await freshDatabase()
    let writeStore = try await PostgresStore.open(url: writeURL, logger: quiet)
    let bare = try await connect(writeURL)
    _ = try await bare.query("CREATE TABLE t (id uuid PRIMARY KEY, at_ms bigint, note text)", logger: quiet).collect()
    try await writeFigures("PostgreSQL", writeStore) {
        _ = try await bare.query("INSERT INTO t VALUES (\(UUID()), 0, 'benchmark')", logger: quiet).collect()
    }
    try await close(bare)
    await writeStore.shutdown()
    for name in names {
        _ = try await control.query("DROP DATABASE \(unescaped: name) WITH (FORCE)", logger: quiet).collect()
    }
    try await close(control)
}
