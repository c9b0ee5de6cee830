import Foundation
import GRDB
import TallyCore
import TallySQLite
import TallyServices

// Figures for the storage targets of PRODUCT.md:
// 1. a day's summary over ten years of history (100,000 entries), in process;
// 2. durable single-event writes, against SQLite's own single-row durable commits on the same machine.

let zone = TimeZone(identifier: "America/New_York")!
let now = TimeInput.parseISO("2026-11-22T10:00:00-05:00", zone: zone)!

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

// 1. Day summary over 100,000 entries spread over ten years.
let readDirectory = try temporaryDirectory()
let readStore = try SQLiteStore(directory: readDirectory)
let reader = UserScope(store: readStore, clock: FixedClock(now), machineZone: zone)
let entries = 100_000
let span: TimeInterval = 10 * 365 * 86_400
var batch: [AnyRecord] = []
for index in 0..<entries {
    let at = now.addingTimeInterval(-span * Double(index) / Double(entries))
    let meta = RecordMeta(
        id: UUID(), ownerID: LocalUser.id, createdAt: at, modifiedAt: at, deviceID: readStore.deviceID,
        stamp: HLCStamp(millis: at.millisecondsSince1970, counter: 0))
    let fields = BathroomEventFields(at: at, timeZoneID: zone.identifier, volumeML: 200 + index % 300)
    batch.append(AnyRecord(BathroomEvent(meta: meta, fields: fields)))
}
let loadStart = ContinuousClock.now
_ = try await readStore.merge(batch, now: now)
print("loaded \(entries) events in \(ContinuousClock.now - loadStart)")
let today = try await reader.now().today
_ = try await reader.bathroom.diary(from: today, to: today)  // warm up
let daySummary = try await measure(2_000) { _ = try await reader.bathroom.diary(from: today, to: today) }
let todayList = try await measure(2_000) { _ = try await reader.bathroom.today() }
let dayEvents = try await reader.bathroom.events(from: today, to: today)
let pureSummary = try await measure(20_000) {
    _ = BladderDiary(
        events: dayEvents, from: today, to: today, boundary: DayBoundary(), sleep: UserSettings.defaults.sleep)
}
print("day summary (diary of one day, SQLite, 100k events): \(microseconds(daySummary)) per call")
print("today's list (SQLite, 100k events):                  \(microseconds(todayList)) per call")
print("day summary, domain only (\(dayEvents.count) events):            \(microseconds(pureSummary)) per call")

// 2. Durable writes: one event per transaction through Tally, against a bare single-row INSERT per
// transaction with the same SQLite settings (WAL, synchronous = FULL).
let writes = 500
let writeDirectory = try temporaryDirectory()
let writer = UserScope(store: try SQLiteStore(directory: writeDirectory), clock: FixedClock(now), machineZone: zone)
let tallyWrite = try await measure(writes) { _ = try await writer.bathroom.log(note: "benchmark") }

var configuration = Configuration()
configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
let rawPool = try DatabasePool(
    path: try temporaryDirectory().appendingPathComponent("raw.sqlite").path, configuration: configuration)
try await rawPool.write { db in try db.execute(sql: "CREATE TABLE t (id TEXT PRIMARY KEY, at_ms INTEGER, note TEXT)") }
let rawWrite = try await measure(writes) {
    try await rawPool.write { db in
        try db.execute(sql: "INSERT INTO t VALUES (?, ?, ?)", arguments: [UUID().uuidString, 0, "benchmark"])
    }
}
let tallyRate = 1.0 / (Double(tallyWrite.components.attoseconds) / 1e18 + Double(tallyWrite.components.seconds))
let rawRate = 1.0 / (Double(rawWrite.components.attoseconds) / 1e18 + Double(rawWrite.components.seconds))
print(
    String(
        format: "durable writes: Tally %.0f events/s, bare SQLite %.0f rows/s, ratio %.2f", tallyRate, rawRate,
        tallyRate / rawRate))

for directory in [readDirectory, writeDirectory] { try? FileManager.default.removeItem(at: directory) }
