import Foundation
import TallyCore
import TallySQLite
import TallyServices

// The water targets of issue 3, over a SQLite store holding ten years of history (about 100,000
// entries, 27 a day, with a goal change every year): a day summary under 0.5 ms, 30-day stats under
// 5 ms and a month calendar under 5 ms, each through the service as the server calls it.

let zone = TimeZone(identifier: "America/New_York")!
let now = TimeInput.parseISO("2026-11-22T20:00:00-05:00", zone: zone)!
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tally-water-\(UUID().uuidString)")
defer { try? FileManager.default.removeItem(at: directory) }
let store = try SQLiteStore(directory: directory)
let scope = UserScope(store: store, clock: FixedClock(now), machineZone: zone)

let entries = 100_000
let span: TimeInterval = 10 * 365 * 86_400
var batch: [AnyRecord] = []
for index in 0..<entries {
    let at = now.addingTimeInterval(-span * Double(index) / Double(entries))
    let meta = RecordMeta(
        id: UUID(), ownerID: LocalUser.id, createdAt: at, modifiedAt: at, deviceID: store.deviceID,
        stamp: HLCStamp(millis: at.millisecondsSince1970, counter: 0))
    let fields = WaterEntryFields(at: at, timeZoneID: zone.identifier, amountML: Double(50 + index % 9 * 25))
    batch.append(AnyRecord(WaterEntry(meta: meta, fields: fields, source: .import)))
}
let today = try await scope.now().today
for year in 0..<10 {
    let day = today.adding(days: -365 * year)
    let meta = RecordMeta(
        id: UUID(), ownerID: LocalUser.id, createdAt: now, modifiedAt: now, deviceID: store.deviceID,
        stamp: HLCStamp(millis: now.millisecondsSince1970, counter: year))
    batch.append(AnyRecord(WaterGoal(meta: meta, effectiveFrom: day, goalML: 2_000 + Double(year) * 50)))
}
let loadStart = ContinuousClock.now
_ = try await store.merge(batch, now: now)
print("loaded \(entries) water entries and 10 goals in \(ContinuousClock.now - loadStart)")

func measure(_ iterations: Int, _ body: () async throws -> Void) async rethrows -> Double {
    try await body()  // warm up
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<iterations { try await body() }
    let (seconds, attoseconds) = ((clock.now - start) / iterations).components
    return Double(seconds) * 1e3 + Double(attoseconds) / 1e15
}

func report(_ name: String, _ milliseconds: Double, target: Double?) {
    let verdict =
        target.map {
            String(format: "target %.1f ms, ratio %.2f", $0, milliseconds / $0) + (milliseconds <= $0 ? "" : " MISSED")
        } ?? ""
    let label = name.padding(toLength: 34, withPad: " ", startingAt: 0)
    print(label + String(format: "%8.3f ms   ", milliseconds) + verdict)
}

let water = scope.water
let day = try await measure(2_000) { _ = try await water.today() }
let range = try await measure(500) { _ = try await water.range(from: today.adding(days: -29), to: today) }
let month = try await measure(500) { _ = try await water.month() }
let stats = try await measure(5) { _ = try await water.stats() }
let trend = try await measure(5) { _ = try await water.trend(.week, count: 12) }
let todayEntries = try await water.today().entries.count
report("day summary (\(todayEntries) entries)", day, target: 0.5)
// The day summary's parts read one at a time (PostgreSQL reads them so; SQLite reads the entries, the total
// and the goals in one read transaction, `WaterDayReader`).
let reading = try await scope.now()
let dayWindow = reading.settings.boundary.window(from: reading.today, to: reading.today, around: reading.zone)
let partNow = try await measure(2_000) { _ = try await scope.now() }
nonisolated func latestOfDay(_ store: SQLiteStore, _ window: DayWindow) async throws -> [WaterEntry] {
    try await store.latest(WaterEntry.self, owner: LocalUser.id, in: window.candidates, limit: WaterDay.listed) {
        window.mayHold($0.at, zoneID: $0.timeZoneID)
    }
}
let partLatest = try await measure(2_000) { _ = try await latestOfDay(store, dayWindow) }
let partTotals = try await measure(2_000) {
    _ = try await store.dayTotals(
        owner: LocalUser.id, boundary: reading.settings.boundary, DayTotalQuery(.water, days: reading.today...reading.today))
}
let partGoals = try await measure(2_000) { _ = try await water.goals() }
let partWhole = try await measure(2_000) { _ = try await store.waterEntries(owner: LocalUser.id, on: dayWindow) }
print(
    String(
        format: "  its parts one read at a time: settings %.3f ms, latest entries %.3f ms (the whole day, as "
            + "6ebe5fa read it: %.3f ms), day total %.3f ms, goals %.3f ms",
        partNow, partLatest, partWhole, partTotals, partGoals))
report("30-day stats", range, target: 5)
report("month calendar", month, target: 5)
report("all-time stats (100k entries)", stats, target: 5)
report("12-week trend (100k entries)", trend, target: 5)
// What `GET /api/v1/today` asks of the services, side by side: each service reading the settings and
// the clock itself, and one reading kept for the request (RequestNow, as the server does).
let overviewEach = try await measure(2_000) { _ = try await TodayOverview(scope: scope) }
let overviewOnce = try await measure(2_000) {
    let request = UserScope(store: store, clock: FixedClock(now), machineZone: zone, reading: RequestNow())
    _ = try await TodayOverview(scope: request)
}
report("today overview, settings read 4x", overviewEach, target: nil)
report("today overview, read once", overviewOnce, target: nil)
print(String(format: "  read once / read 4x: %.2f", overviewOnce / overviewEach))

// A day holding 200,000 entries (issue 51): a day's read lists its latest and takes its total from the
// day totals, so it costs what an ordinary day does. Side by side: the same day read whole, as before.
let crowded = try SQLiteStore(directory: directory.appendingPathComponent("crowded"))
let crowdedScope = UserScope(store: crowded, clock: FixedClock(now), machineZone: zone)
var crowd: [AnyRecord] = []
for index in 0..<200_000 {
    let at = now.addingTimeInterval(-Double(index % 50_000))
    let meta = RecordMeta(
        id: UUID(), ownerID: LocalUser.id, createdAt: at, modifiedAt: at, deviceID: crowded.deviceID,
        stamp: HLCStamp(millis: at.millisecondsSince1970, counter: index % 1_000))
    crowd.append(
        AnyRecord(
            WaterEntry(
                meta: meta, fields: WaterEntryFields(at: at, timeZoneID: zone.identifier, amountML: 1),
                source: .import)))
    if crowd.count == 10_000 {
        _ = try await crowded.merge(crowd, now: now)
        crowd.removeAll(keepingCapacity: true)
    }
}
let crowdedWindow = DayBoundary().window(from: today, to: today, around: zone)
let crowdedDay = try await measure(20) { _ = try await crowdedScope.water.today() }
let crowdedWhole = try await measure(3) {
    _ = try await crowded.waterEntries(owner: LocalUser.id, on: crowdedWindow)
}
let crowdedOverview = try await measure(20) { _ = try await TodayOverview(scope: crowdedScope) }
let crowdedStats = try await measure(20) { _ = try await crowdedScope.water.stats() }
report("day of 200,000: day summary", crowdedDay, target: 0.5)
report("day of 200,000: read whole (before)", crowdedWhole, target: nil)
print(String(format: "  summary / whole: %.4f", crowdedDay / crowdedWhole))
report("day of 200,000: today overview", crowdedOverview, target: 5)
report("day of 200,000: all-time stats", crowdedStats, target: 5)
