import Foundation
import GRDB
import TallyCore
import TallyServices
import Testing

@testable import TallySQLite

@Suite struct MigrationTests {
    @Test func emptyDatabaseGetsEveryMigration() throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteStore(directory: directory.url)
        let applied = try store.pool.read { db in try SQLiteMigrations.migrator().appliedIdentifiers(db) }
        #expect(applied == Set(SQLiteMigrations.all.map(\.identifier)))
        let tables = try store.pool.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        }
        #expect(tables.contains("bathroom_events") && tables.contains("settings") && tables.contains("replica"))
        let journal = try store.pool.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(journal == "wal")
    }

    @Test func existingDatabaseIsMigratedAndKeepsItsData() throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent(SQLiteStore.fileName).path
        // A database as the first release left it: only the first migration, one event in it.
        let old = try SQLiteStore(path: path, lastMigration: Migration001CreateReplicaAndBathroom.identifier)
        try old.pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO bathroom_events (id, owner_id, at_ms, time_zone, note, leak, created_ms, modified_ms,
                        device_id, stamp, deleted, sequence)
                    VALUES ('6F9619FF-8B86-D011-B42D-00C04FC964FF', '00000000-0000-0000-0000-000000000001',
                        1763823600000, 'America/New_York', 'kept', 0, 1763823600000, 1763823600000,
                        '6F9619FF-8B86-D011-B42D-00C04FC96400', '0001763823600000-00000', 0, 1)
                    """)
        }
        let deviceID = old.deviceID
        let migrated = try SQLiteStore(path: path)
        #expect(migrated.deviceID == deviceID)
        let applied = try migrated.pool.read { db in try SQLiteMigrations.migrator().appliedIdentifiers(db) }
        #expect(applied.count == SQLiteMigrations.all.count)
        let notes = try migrated.pool.read { db in try String.fetchAll(db, sql: "SELECT note FROM bathroom_events") }
        #expect(notes == ["kept"])
    }

    @Test func picturesUploadedBeforeAccountsStayTheirOwners() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent(SQLiteStore.fileName).path
        let old = try SQLiteStore(path: path, lastMigration: Migration005CreateSkills.identifier)
        let name = String(repeating: "a", count: 64) + ".jpg"
        try await old.pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO journal_entries (id, owner_id, day, notes, mood, image_url, created_ms,
                        modified_ms, device_id, stamp, deleted, sequence)
                    VALUES ('6F9619FF-8B86-D011-B42D-00C04FC964FF', '00000000-0000-0000-0000-000000000001',
                        '2026-11-20', NULL, 4, '/images/\(name)', 0, 0,
                        '6F9619FF-8B86-D011-B42D-00C04FC96400', '0001763823600000-00000', 0, 1)
                    """)
        }
        try FileManager.default.createDirectory(
            at: directory.url.appendingPathComponent("images"), withIntermediateDirectories: true)
        try Data([0xFF, 0xD8, 0xFF]).write(to: directory.url.appendingPathComponent("images/\(name)"))
        let migrated = try SQLiteStore(path: path)
        #expect(try await migrated.image(named: name, owner: LocalUser.id) == Data([0xFF, 0xD8, 0xFF]))
        #expect(try await migrated.image(named: name, owner: UUID()) == nil)
    }

    @Test func entriesStoredBeforeDayTotalsAreCountedOnTheFirstRead() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent(SQLiteStore.fileName).path
        // Through migration 013 the tables are there but no totals are kept, as after an upgrade from 012
        // (this build's writes need the tables).
        let old = try SQLiteStore(path: path, lastMigration: Migration013CreateDayTotals.identifier)
        let zone = TimeZone(identifier: "America/New_York")!
        // Written as that version wrote them, straight to its tables (this build's services read settings
        // from a table added later).
        _ = try await Self.logWater(250, at: StoreFixture.now, in: old)
        _ = try await Self.logWater(500, at: StoreFixture.now.addingTimeInterval(-86_400), in: old)
        _ = try await old.write(
            BathroomEvent(
                meta: Self.meta(at: StoreFixture.now, old),
                fields: BathroomEventFields(at: StoreFixture.now, timeZoneID: zone.identifier)),
            now: StoreFixture.now)
        let scope = UserScope(
            store: try SQLiteStore(path: path), clock: FixedClock(StoreFixture.now), machineZone: zone)
        #expect(try await scope.water.stats().totalML == 750)
        #expect(try await scope.bathroom.history(page: 1, paging: HistoryPaging(daysPerPage: 30)).days.count == 1)
        _ = try await scope.water.log(amountML: 100, source: .cli)
        #expect(try await scope.water.stats().totalML == 850)
        #expect(try await DayTotalsCheck.run(in: scope).differences.isEmpty)
    }

    @Test func totalsBuiltBeforeTheUpgradeAreKeptByBatchesAfterIt() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent(SQLiteStore.fileName).path
        let zone = TimeZone(identifier: "America/New_York")!
        // Totals built under migration 013, whose triggers this build's writes must not meet: they would
        // count each entry twice.
        let old = try SQLiteStore(path: path, lastMigration: Migration013CreateDayTotals.identifier)
        let kept = try await Self.logWater(250, at: StoreFixture.now, in: old)
        _ = try await Self.logWater(500, at: StoreFixture.now.addingTimeInterval(-86_400), in: old)
        let oldTotals = try await old.dayTotals(
            owner: LocalUser.id, boundary: DayBoundary(dayStart: .midnight), DayTotalQuery(.water, days: nil))
        #expect(oldTotals.reduce(0) { $0 + $1.amountML } == 750)

        let scope = UserScope(
            store: try SQLiteStore(path: path), clock: FixedClock(StoreFixture.now), machineZone: zone)
        _ = try await scope.water.log(amountML: 100, source: .cli)
        try await scope.water.delete(id: kept.id)
        #expect(try await scope.water.stats().totalML == 600)
        #expect(try await DayTotalsCheck.run(in: scope).differences.isEmpty)
    }

    static func meta(at instant: Date, _ store: SQLiteStore) -> RecordMeta {
        RecordMeta(
            id: UUID(), ownerID: LocalUser.id, createdAt: instant, modifiedAt: instant, deviceID: store.deviceID,
            stamp: .zero)
    }

    /// A water entry stored in New York, as an older version's `log` stored it.
    static func logWater(_ millilitres: Double, at instant: Date, in store: SQLiteStore) async throws -> WaterEntry {
        try await store.write(
            WaterEntry(
                meta: meta(at: instant, store),
                fields: WaterEntryFields(at: instant, timeZoneID: "America/New_York", amountML: millilitres),
                source: .cli),
            now: instant)
    }

    @Test func aDatabaseANewerTallyMigratedIsRefusedUntouched() async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteStore(directory: directory.url)
        try await store.pool.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('999-from-the-future')")
        }
        #expect {
            try SQLiteStore(directory: directory.url)
        } throws: { error in
            "\(error)".contains("newer version of Tally (migration 999-from-the-future)")
        }
        let applied = try await store.pool.read { db in try SQLiteMigrations.migrator().appliedIdentifiers(db) }
        #expect(applied == Set(SQLiteMigrations.all.map(\.identifier) + ["999-from-the-future"]))
    }

    @Test func reopeningMigratesNothingTwice() throws {
        let directory = try TemporaryDirectory()
        let first = try SQLiteStore(directory: directory.url)
        let second = try SQLiteStore(directory: directory.url)
        #expect(first.deviceID == second.deviceID)
    }
}
