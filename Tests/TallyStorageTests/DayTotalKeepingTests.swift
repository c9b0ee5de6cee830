import Foundation
import GRDB
import TallyCore
import TallyServices
import TallyStorage
import Testing

@testable import TallySQLite

/// The SQLite paths that change many counted records at once, outside a write or a merge, keep the per-day
/// totals as the entries add up: a pulled purge, a resync's removal, records moving to another owner.
@Suite struct DayTotalKeepingTests {
    static func entry(_ amount: Double, hoursAgo: Double, owner: UUID = LocalUser.id) -> AnyRecord {
        let at = StoreFixture.now.addingTimeInterval(-hoursAgo * 3600)
        let meta = RecordMeta(
            id: UUID(), ownerID: owner, createdAt: at, modifiedAt: at, deviceID: UUID(),
            stamp: HLCStamp(millis: at.millisecondsSince1970, counter: 0))
        return AnyRecord(
            WaterEntry(
                meta: meta, fields: WaterEntryFields(at: at, timeZoneID: "America/New_York", amountML: amount),
                source: .api))
    }

    /// Stores entries of 100, 200 and 400 ml over two days and builds the totals with a first read.
    static func seeded(_ fixture: StoreFixture) async throws -> [AnyRecord] {
        let entries = [entry(100, hoursAgo: 1), entry(200, hoursAgo: 2), entry(400, hoursAgo: 30)]
        _ = try await fixture.store.merge(entries, now: StoreFixture.now)
        #expect(try await fixture.scope.water.stats().totalML == 700)
        return entries
    }

    static func expectAgreement(_ scope: UserScope) async throws {
        let check = try await DayTotalsCheck.run(in: scope)
        #expect(check.differences.isEmpty, "\(check.differences)")
    }

    @Test func aPurgedEntryLeavesItsDay() async throws {
        let fixture = try StoreFixture()
        let entries = try await Self.seeded(fixture)
        try await fixture.store.pool.write { db in
            let plan = SyncEngine.purge(
                [entries[0].meta.id, entries[2].meta.id], owner: LocalUser.id, compacted: [],
                clock: try ReplicaClock(db), now: StoreFixture.now)
            try SQLiteStore.apply(plan, db)
        }
        let kept = try await fixture.store.storedDayTotals(owner: LocalUser.id)
        #expect(kept.totals.map(\.amountML) == [200], "the emptied day goes, the other loses 100 ml")
        try await Self.expectAgreement(fixture.scope)
    }

    @Test func aResyncRemovalIsCountedAgainOnTheNextRead() async throws {
        let fixture = try StoreFixture()
        let entries = try await Self.seeded(fixture)
        let sequence = try await fixture.store.latestSequence(owner: LocalUser.id)
        let removed = try await fixture.store.removeRecords(
            owner: LocalUser.id, except: [entries[1].meta.id], throughSequence: sequence)
        #expect(removed == 2)
        #expect(try await fixture.scope.water.stats().totalML == 200)
        try await Self.expectAgreement(fixture.scope)
    }

    @Test func adoptedEntriesCountForTheirNewOwnerOnly() async throws {
        let fixture = try StoreFixture()
        _ = try await Self.seeded(fixture)
        let account = UUID()
        let theirs = UserScope(
            store: fixture.store, owner: account, clock: fixture.scope.clock, machineZone: fixture.scope.machineZone)
        _ = try await fixture.store.merge([Self.entry(50, hoursAgo: 3, owner: account)], now: StoreFixture.now)
        #expect(try await theirs.water.stats().totalML == 50)
        #expect(try await fixture.store.adoptOwner(account, replacing: LocalUser.id) == 3)
        #expect(try await theirs.water.stats().totalML == 750)
        #expect(try await fixture.scope.water.stats().totalML == 0)
        try await Self.expectAgreement(theirs)
        try await Self.expectAgreement(fixture.scope)
    }

    @Test func theTriggersOfMigration013AreGone() async throws {
        // They made every statement writing an entry keep a statement journal of its pages.
        let fixture = try StoreFixture()
        _ = try await Self.seeded(fixture)
        let triggers = try await fixture.store.pool.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT name FROM sqlite_master
                    WHERE type = 'trigger' AND tbl_name IN ('water_entries', 'bathroom_events')
                    """)
        }
        #expect(triggers.isEmpty)
    }

    @Test func theBuildGivesTheWriterItsMemoryBack() async throws {
        // The first read builds the totals with SQLite's small defaults (no memory map), then the writer
        // gets its own settings back for the merges after it.
        let fixture = try StoreFixture()
        _ = try await Self.seeded(fixture)
        let (map, cache) = try await fixture.store.pool.write { db in
            (try Int.fetchOne(db, sql: "PRAGMA mmap_size"), try Int.fetchOne(db, sql: "PRAGMA cache_size"))
        }
        #expect(map == 268_435_456)
        #expect(cache == -32768)
    }
}
