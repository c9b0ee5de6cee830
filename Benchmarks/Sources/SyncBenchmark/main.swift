import Foundation
import Logging
import PostgresNIO
import TallyCore
import TallyPostgres
import TallySQLite
import TallyServices
import TallyStorage

// The sync targets of issue 8, on SQLite files with durable commits (synchronous = FULL):
// merging a batch of 10,000 deltas under 100 ms, and the first sync of 100,000 entries into an empty
// replica under 3 s (every page through the JSON wire format, the first digest comparison included).
// With TALLY_BENCH_POSTGRES_URL naming a PostgreSQL server, the server's side runs there too.

let zone = TimeZone(identifier: "Europe/Berlin")!
let now = TimeInput.parseISO("2026-11-22T20:00:00+01:00", zone: zone)!
let owner = LocalUser.id
let root = FileManager.default.temporaryDirectory.appendingPathComponent("tally-sync-bench-\(UUID().uuidString)")
defer { try? FileManager.default.removeItem(at: root) }

/// Entries 50 minutes apart going back from `now` (from the `offset`th on), moved later by `shift`.
func entries(_ count: Int, device: UUID, from offset: Int = 0, shift: TimeInterval = 0) -> [AnyRecord] {
    (0..<count).map { index in
        let at = now.addingTimeInterval(-Double(offset + index) * 3_000 + shift)
        let meta = RecordMeta(
            id: UUID(), ownerID: owner, createdAt: at, modifiedAt: at, deviceID: device,
            stamp: HLCStamp(millis: at.millisecondsSince1970, counter: 0))
        let fields = WaterEntryFields(at: at, timeZoneID: zone.identifier, amountML: Double(50 + index % 9 * 25))
        return AnyRecord(WaterEntry(meta: meta, fields: fields, source: .cli))
    }
}

/// `records` edited: stamped `millis` after `now`, each with its own counter, newer than the stored copies.
func edited(_ records: some Sequence<AnyRecord>, after millis: Int64) -> [AnyRecord] {
    records.enumerated().map { index, record in
        var copy = record
        copy.meta.stamp = HLCStamp(millis: now.millisecondsSince1970 + millis, counter: index)
        return copy
    }
}

/// Wall-clock and CPU seconds (all threads) of one run: on a shared machine the CPU time is the steadier.
struct Timing {
    var wall: Double
    var cpu: Double
}

func report(_ name: String, _ timing: Timing, target: Double) {
    let label = name.padding(toLength: 52, withPad: " ", startingAt: 0)
    let verdict = String(format: "target %.0f ms, ratio %.2f", target * 1000, timing.wall / target)
    print(
        label + String(format: "%9.1f ms (CPU %.1f ms)   ", timing.wall * 1000, timing.cpu * 1000) + verdict
            + (timing.wall <= target ? "" : "  MISSED"))
}

/// The middle timing by wall time; of an even number, the mean of the middle two.
func median(_ values: [Timing]) -> Timing {
    let sorted = values.sorted { $0.wall < $1.wall }
    let upper = sorted[values.count / 2]
    guard values.count % 2 == 0 else { return upper }
    let lower = sorted[values.count / 2 - 1]
    return Timing(wall: (lower.wall + upper.wall) / 2, cpu: (lower.cpu + upper.cpu) / 2)
}

func cpuSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

func elapsed(_ body: () async throws -> Void) async rethrows -> Timing {
    let (start, cpu) = (ContinuousClock.now, cpuSeconds())
    try await body()
    let (seconds, attoseconds) = (ContinuousClock.now - start).components
    return Timing(wall: Double(seconds) + Double(attoseconds) / 1e18, cpu: cpuSeconds() - cpu)
}

// 1. A batch of 10,000 deltas (half new entries, half edits of stored ones picked anywhere in the
// history, the worst case for the pages a commit writes) into a store of 50,000.
let phone = UUID()
func serverSide(_ database: String, _ server: any TallyStore) async throws {
    print("\(database):")
    var stored = entries(50_000, device: phone)
    _ = try await server.merge(stored, now: now)
    var mergeTimes: [Timing] = []
    var pushTimes: [Timing] = []
    let service = SyncService(store: server, clock: FixedClock(now))
    // In the order merge, push, push, merge, twice: a scattered merge fills most of the WAL, so every other
    // round also checkpoints it, and strict alternation put every checkpoint on one side (the push measured
    // 15 ms slower than the merge, or 9 ms faster with the two sides swapped).
    for round in 0..<8 {
        let edits = edited(stored.shuffled().prefix(5_000), after: Int64(round * 10 + 1))
        let batch = entries(5_000, device: phone, from: 50_000 + round * 5_000) + edits
        stored += batch.prefix(5_000)
        if [0, 3, 4, 7].contains(round) {
            mergeTimes.append(try await elapsed { _ = try await server.merge(batch, now: now) })
        } else {
            let message = SyncBatch(deviceID: phone, through: Int64(round), records: batch)
            pushTimes.append(try await elapsed { _ = try await service.push(message, owner: owner) })
        }
    }
    // The same size of batch with the locality a device's changes have: new entries among the latest ones and
    // edits of the latest 10,000 (the batches above edit all over five years of history).
    var recentTimes: [Timing] = []
    for round in 0..<3 {
        let edits = edited(stored.prefix(10_000).shuffled().prefix(5_000), after: Int64(round * 10 + 100))
        let batch = entries(5_000, device: phone, from: round * 5_000, shift: 1_000 + Double(round) * 500) + edits
        recentTimes.append(try await elapsed { _ = try await server.merge(batch, now: now) })
    }
    // The scattered batch again on the store grown by the batches above, first as it was, then once the
    // owner's per-day totals are kept (as after any statistics read): each merge then also takes the
    // stored copies of its entries away from their days' totals and adds the new ones. A scattered merge
    // costs more on a larger store, so the two are measured at nearly the same size.
    func scattered(_ round: Int) -> [AnyRecord] {
        let edits = edited(stored.shuffled().prefix(5_000), after: Int64(round * 10 + 200))
        let batch = entries(5_000, device: phone, from: 100_000 + round * 5_000) + edits
        stored += batch.prefix(5_000)
        return batch
    }
    let larger = try await server.records(WaterEntry.self, owner: owner, RecordQuery(includingDeleted: true)).count
    var largerTimes: [Timing] = []
    for round in 0..<3 {
        let batch = scattered(round)
        largerTimes.append(try await elapsed { _ = try await server.merge(batch, now: now) })
    }
    _ = try await server.dayTotals(owner: owner, boundary: DayBoundary(), DayTotalQuery(.water, limit: 0))
    var totalsTimes: [Timing] = []
    for round in 3..<6 {
        let batch = scattered(round)
        totalsTimes.append(try await elapsed { _ = try await server.merge(batch, now: now) })
    }
    report("merge 10,000 deltas (store.merge, median of 4)", median(mergeTimes), target: 0.1)
    report("  the same through SyncService.push (+ checks)", median(pushTimes), target: 0.1)
    report("  new entries and edits of the latest ones", median(recentTimes), target: 0.1)
    report("  the first on a store grown to \(larger / 1_000)k entries", median(largerTimes), target: 0.1)
    report("  then keeping the owner's per-day totals", median(totalsTimes), target: 0.1)
}

// 2. The first sync of 100,000 entries into an empty replica.
func firstSync(from source: any TallyStore, device: SQLiteStore) async throws {
    for start in stride(from: 0, to: 100_000, by: 10_000) {
        _ = try await source.merge(entries(10_000, device: phone, from: start), now: now)
    }
    try await device.configureSync(serverURL: "bench://", token: nil, owner: owner)
    let transport = WireTransport(service: SyncService(store: source, clock: FixedClock(now)), owner: owner)
    let client = SyncClient(store: device, transport: transport, clock: FixedClock(now))
    var summary = SyncSummary()
    let firstSync = try await elapsed { summary = try await client.sync() }
    report("first sync of \(summary.pulled) entries into an empty replica", firstSync, target: 3)
    let again = try await elapsed { _ = try await client.sync(reconcile: true) }
    print(String(format: "  then a sync with nothing new, comparing digests: %.1f ms", again.wall * 1000))
    // Where the first sync's time goes: its two stages one after the other (the sync runs them side by side,
    // asking for the next page while it applies this one). The pages served, written and read back, by
    // another device; then the device's merges of the same pages into another empty replica.
    var pages: [SyncPage] = []
    let serving = try await elapsed {
        var after: Int64 = 0
        while true {
            let page = try await transport.pull(deviceID: UUID(), after: after, limit: client.pageSize, full: false)
            pages.append(page)
            after = page.through
            if !page.hasMore { break }
        }
    }
    let other = try SQLiteStore(directory: root.appendingPathComponent("other-\(UUID())"))
    try await other.configureSync(serverURL: "bench://", token: nil, owner: owner)
    let merging = try await elapsed {
        for page in pages { _ = try await other.applyPulled(page, owner: owner, now: now) }
    }
    print(
        String(
            format: "  its stages alone: %d pages served and read %.0f ms (CPU %.0f ms), merged %.0f ms (CPU %.0f ms)",
            pages.count, serving.wall * 1000, serving.cpu * 1000, merging.wall * 1000, merging.cpu * 1000))
    let exported = try await UserScope(store: device, clock: FixedClock(now), machineZone: zone).backup.exportJSON()
    let original = try await UserScope(store: source, clock: FixedClock(now), machineZone: zone).backup.exportJSON()
    print("  replica identical to the source: \(exported == original)")
}

try await serverSide("SQLite", try SQLiteStore(directory: root.appendingPathComponent("server")))
try await firstSync(
    from: try SQLiteStore(directory: root.appendingPathComponent("source")),
    device: try SQLiteStore(directory: root.appendingPathComponent("device")))

if let address = ProcessInfo.processInfo.environment["TALLY_BENCH_POSTGRES_URL"] {
    let quiet = Logger(label: "bench", factory: { _ in SwiftLogNoOpLogHandler() })
    let admin = try DatabaseURL(parsing: address)
    let control = try await PostgresConnection.connect(
        configuration: .init(
            host: admin.host, port: admin.port, username: admin.user, password: admin.password,
            database: admin.database, tls: .disable), id: 1, logger: quiet)
    for part in 0..<2 {
        let name = "tally_sync_bench_\(UInt32.random(in: 0...UInt32.max))"
        _ = try await control.query("CREATE DATABASE \(unescaped: name)", logger: quiet).collect()
        var url = admin
        url.database = name
        let store = try await PostgresStore.open(url: url, logger: quiet)
        if part == 0 {
            try await serverSide("PostgreSQL (the server's database)", store)
        } else {
            print("PostgreSQL (the server's database), to a SQLite device:")
            try await firstSync(
                from: store, device: try SQLiteStore(directory: root.appendingPathComponent("pg-device")))
        }
        await store.shutdown()
        _ = try await control.query("DROP DATABASE \(unescaped: name) WITH (FORCE)", logger: quiet).collect()
    }
    try await close(control)
}

func close(_ connection: PostgresConnection) async throws {
    try await connection.close()
}
