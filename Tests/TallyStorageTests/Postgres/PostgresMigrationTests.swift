import Foundation
import PostgresNIO
import TallyCore
import TallySQLite
import TallyServices
import TallyStorage
import Testing

@testable import TallyPostgres

/// The schema's history on a real server: applied once, in order, by whichever process comes first.
@Suite(.enabled(if: TestServer.enabled)) struct PostgresMigrationTests {
    /// Brings `database` up to the migration `identifier` only, as an earlier release left it.
    static func migrate(_ database: TestDatabase, upTo identifier: String) async throws {
        let connection = try await PostgresConnection.connect(
            configuration: .init(
                host: database.url.host, port: database.url.port, username: database.url.user,
                password: database.url.password, database: database.name, tls: .disable),
            id: 1, logger: TestServer.quiet)
        _ = try await PostgresMigrations.migrate(connection, upTo: identifier, logger: TestServer.quiet)
        try await connection.close()
    }

    @Test func emptyDatabaseGetsEveryMigration() async throws {
        try await TestDatabase.withStore { store, database in
            let applied = try await database.run("SELECT identifier FROM tally_migrations ORDER BY identifier")
                .map { try $0.decode(String.self) }
            #expect(applied == PostgresMigrations.all.map(\.identifier))
            let tables = try await database.run(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename"
            ).map { try $0.decode(String.self) }
            #expect(
                tables == [
                    "access_tokens", "cache_version", "calendar_feeds", "compaction_markers", "day_total_basis",
                    "day_totals", "diary_shares",
                    "image_owners", "images", "invites",
                    "login_failures", "notification_channels", "notification_deliveries", "notification_log",
                    "notification_snoozes",
                    "owner_clocks", "records", "replica", "server_secrets", "server_settings", "sessions",
                    "sync_devices", "sync_horizons", "tally_migrations", "users", "widget_links",
                ])
            let device = try await database.run("SELECT device_id FROM replica").map { try $0.decode(UUID.self) }
            #expect(device == [store.deviceID])
        }
    }

    @Test func aPullFindsTheOwnersTombstonesByTheirIndex() async throws {
        // Every pull asks whether any tombstone can be compacted: without migration 010 PostgreSQL read all
        // of the owner's records to answer.
        try await TestDatabase.withStore { store, database in
            try await TestDatabase.storeWater(
                3_000, tombstoneEvery: 100, now: Date(timeIntervalSince1970: 1_795_000_000), into: store)
            _ = try await database.run("ANALYZE records")
            let plan = try await database.run(
                """
                EXPLAIN SELECT kind, id FROM records WHERE owner_id = \(LocalUser.id) AND deleted
                    AND (sequence <= \(Int64(10)) OR stamp < \("0"))
                """
            ).map { try $0.decode(String.self) }.joined(separator: "\n")
            #expect(plan.contains("records_tombstones"), "\(plan)")
        }
    }

    @Test func openingAMigratedDatabaseChangesNothing() async throws {
        try await TestDatabase.with { database in
            let first = try await database.open()
            await first.shutdown()
            let before = try await database.run("SELECT identifier, applied_ms FROM tally_migrations ORDER BY 1")
                .map { try $0.decode((String, Int64).self) }
            let second = try await database.open()
            await second.shutdown()
            let after = try await database.run("SELECT identifier, applied_ms FROM tally_migrations ORDER BY 1")
                .map { try $0.decode((String, Int64).self) }
            #expect(before.map(\.0) == after.map(\.0) && before.map(\.1) == after.map(\.1))
            #expect(second.deviceID == first.deviceID)
        }
    }

    @Test func existingDatabaseIsMigratedAndKeepsItsData() async throws {
        try await TestDatabase.with { database in
            // A database as an earlier release left it: only the first migration, one user in it.
            try await Self.migrate(database, upTo: PostgresMigration001CreateAccounts.migration.identifier)
            try await database.run(
                """
                INSERT INTO users (id, name, is_admin, password_hash, created_ms)
                VALUES ('00000000-0000-0000-0000-000000000001', 'kept', true, 'x', 1)
                """)
            let store = try await database.open()
            #expect(try await store.users().map(\.name) == ["kept"])
            let applied = try await database.run("SELECT count(*) FROM tally_migrations")
            #expect(try applied.first?.decode(Int64.self) == Int64(PostgresMigrations.all.count))
            await store.shutdown()
        }
    }

    /// Migration 007 keys records by owner, id and kind, and markers by owner and id: what was stored
    /// before it reads back the same, and another person may then use its ids, the compacted one too.
    @Test func recordsStoredBeforeOwnerKeysReadBackAndTheirIdsAreFreeForOthers() async throws {
        try await TestDatabase.with { database in
            try await Self.migrate(database, upTo: PostgresMigration006CreateSnoozes.migration.identifier)
            let phone = try SQLiteStore.inMemory()
            let event = try await UserScope(
                store: phone, clock: FixedClock(StoreUnderTest.now), machineZone: StoreUnderTest.zone
            ).bathroom.log(note: "kept")
            let record = AnyRecord(event)
            let (meta, marker) = (record.meta, UUID())
            let body = String(decoding: try RecordCoding.encode(record), as: UTF8.self)
            try await database.run(
                """
                INSERT INTO records (kind, id, owner_id, natural_key, search_key, created_ms, modified_ms, device_id,
                    stamp, deleted, sequence, body)
                VALUES (\(record.kind.id), \(meta.id), \(meta.ownerID), NULL, \(record.searchKey),
                    \(meta.createdAt.millisecondsSince1970), \(meta.modifiedAt.millisecondsSince1970), \(meta.deviceID),
                    \(meta.stamp.description), false, 1, \(body))
                """)
            try await database.run(
                """
                INSERT INTO compaction_markers (id, owner_id, stamp, sequence)
                VALUES (\(marker), \(meta.ownerID), \(meta.stamp.description), 2)
                """)
            let store = try await database.open()
            for table in ["records", "compaction_markers"] {
                let key = try await database.run(
                    """
                    SELECT a.attname::text FROM pg_index i
                    JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
                    WHERE i.indrelid = \(table)::regclass AND i.indisprimary
                    ORDER BY array_position(i.indkey::int2[], a.attnum)
                    """
                ).map { try $0.decode(String.self) }
                #expect(key == (table == "records" ? ["owner_id", "id", "kind"] : ["owner_id", "id"]))
            }
            #expect(try await store.bathroomEvent(id: event.id, owner: meta.ownerID)?.note == "kept")

            let stranger = UUID()
            var theirs = record
            theirs.meta.ownerID = stranger
            var compacted = theirs
            compacted.meta.id = marker
            #expect(try await store.merge([theirs, compacted], now: StoreUnderTest.now).inserted == 2)
            var mine = record
            mine.meta.id = marker
            #expect(try await store.merge([mine], now: StoreUnderTest.now).unchanged == 1)
            #expect(try await store.bathroomEvent(id: event.id, owner: meta.ownerID)?.note == "kept")
            #expect(try await store.bathroomEvent(id: marker, owner: stranger)?.note == "kept")
            #expect(try await store.bathroomEvent(id: marker, owner: meta.ownerID) == nil)
            await store.shutdown()
        }
    }

    /// Several `tally serve` processes starting at once on an empty database: one migrates, the others wait
    /// for its lock and find the work done; all share one device id.
    @Test func storesOpeningAnEmptyDatabaseAtOnceAllSucceed() async throws {
        try await TestDatabase.with { database in
            let stores = try await withThrowingTaskGroup(of: PostgresStore.self) { group in
                for _ in 0..<4 { group.addTask { try await database.open() } }
                return try await group.reduce(into: [PostgresStore]()) { $0.append($1) }
            }
            #expect(stores.count == 4)
            #expect(Set(stores.map(\.deviceID)).count == 1)
            let applied = try await database.run("SELECT count(*) FROM tally_migrations")
            #expect(try applied.first?.decode(Int64.self) == Int64(PostgresMigrations.all.count))
            for store in stores { await store.shutdown() }
        }
    }

    @Test func databaseFromANewerTallyIsRefusedByName() async throws {
        try await TestDatabase.with { database in
            let store = try await database.open()
            await store.shutdown()
            try await database.run(
                "INSERT INTO tally_migrations (identifier, applied_ms) VALUES ('999-from-the-future', 0)")
            do {
                _ = try await database.open()
                Issue.record("a newer schema was opened")
            } catch let fault as StoreFault {
                #expect(fault.description.contains("999-from-the-future"))
                #expect(fault.description.contains("newer version of Tally"))
            }
            // Nothing was changed by the refusal.
            let applied = try await database.run("SELECT count(*) FROM tally_migrations")
            #expect(try applied.first?.decode(Int64.self) == Int64(PostgresMigrations.all.count + 1))
        }
    }
}
