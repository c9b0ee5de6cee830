import Foundation
import GRDB
import TallyCore
import Testing

@testable import TallySQLite

/// Migration 008 stores ids as their 16 bytes. A file written before it, with text ids in every kind of
/// table, must read back the same through the store, keep its rows' order and its indexes, and an id that
/// is not a UUID must stop the migration without changing anything.
@Suite struct IdBytesMigrationTests {
    static let owner = LocalUser.id
    static let first = "6F9619FF-8B86-D011-B42D-00C04FC96401"
    static let second = "6F9619FF-8B86-D011-B42D-00C04FC96402"
    static let device = "6F9619FF-8B86-D011-B42D-00C04FC964DD"
    static let skill = "6F9619FF-8B86-D011-B42D-00C04FC9645C"
    static let marker = "6F9619FF-8B86-D011-B42D-00C04FC9640C"
    static let noon: Int64 = 1_763_830_800_000

    /// A file as migration 007 left it, holding text ids as that release wrote them.
    static func oldFile(_ directory: TemporaryDirectory, firstID: String = first) throws -> String {
        let path = directory.url.appendingPathComponent(SQLiteStore.fileName).path
        let old = try SQLiteStore(path: path, lastMigration: Migration007CreateSync.identifier)
        let owner = owner.uuidString
        let meta = "\(noon), \(noon), '\(device)', '0001763830800000-00000', 0"
        try old.pool.write { db in
            // Two entries added in the same millisecond: the later insert is the last added.
            for (sequence, id) in [firstID, second].enumerated() {
                try db.execute(
                    sql: """
                        INSERT INTO water_entries (id, owner_id, at_ms, time_zone, amount_ml, drink_kind, source,
                            created_ms, modified_ms, device_id, stamp, deleted, sequence)
                        VALUES ('\(id)', '\(owner)', \(noon), 'America/New_York', \(250 * (sequence + 1)), NULL,
                            'cli', \(meta), \(sequence + 1))
                        """)
            }
            try db.execute(
                sql: """
                    INSERT INTO skill_completions (id, owner_id, skill_id, day_number, level, created_ms, modified_ms,
                        device_id, stamp, deleted, sequence)
                    VALUES ('6F9619FF-8B86-D011-B42D-00C04FC96403', '\(owner)', '\(skill)', 20412, 'partial',
                        \(meta), 3);
                    INSERT INTO memorable_moments (id, owner_id, title, details, day, category, skill_id, created_ms,
                        modified_ms, device_id, stamp, deleted, sequence)
                    VALUES ('6F9619FF-8B86-D011-B42D-00C04FC96404', '\(owner)', 'First 5k', NULL, '2026-11-21',
                        'milestone', NULL, \(meta), 4);
                    INSERT INTO sync_state (singleton, server_url, token, owner_id, pushed_through, pulled_through)
                    VALUES (1, 'http://tally.local', 'secret', '\(owner)', 4, 9);
                    INSERT INTO sync_devices (device_id, owner_id, acknowledged_through, last_seen_ms)
                    VALUES ('\(device)', '\(owner)', 7, \(noon));
                    INSERT INTO compaction_markers (id, owner_id, stamp, sequence)
                    VALUES ('\(marker)', '\(owner)', '0001763830800000-00001', 5);
                    INSERT INTO sync_horizons (owner_id, horizon) VALUES ('\(owner)', 2);
                    UPDATE replica SET device_id = '\(device)';
                    """)
        }
        return path
    }

    /// Whether an index (as ``schema(_:)`` lists it) is of a table made by a migration after the one tested:
    /// those starting with one of `prefixes`, or made by 018 and later.
    static func isOfLaterTable(_ index: String, _ prefixes: [String] = []) -> Bool {
        (prefixes + ["water_period_goals", "named_settings", "diary_shares", "skill_rules", "sleep_marks"]).contains {
            index.hasPrefix($0)
        }
    }

    static func schema(_ store: SQLiteStore) throws -> [String] {
        try store.pool.read { db in
            try String.fetchAll(
                db,
                sql: "SELECT name || ': ' || sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL "
                    + "ORDER BY name")
        }
    }

    @Test func textIdsBecomeBytesAndReadBackTheSame() async throws {
        let directory = try TemporaryDirectory()
        let path = try Self.oldFile(directory)
        let indexesBefore = try Self.schema(
            try SQLiteStore(path: path, lastMigration: Migration007CreateSync.identifier))
        let store = try SQLiteStore(path: path)

        for (table, columns) in Migration008StoreIdsAsBytes.columns {
            for column in columns {
                let (declared, text) = try await store.pool.read { db in
                    (
                        try String.fetchOne(
                            db, sql: "SELECT type FROM pragma_table_info(?) WHERE name = ?", arguments: [table, column]),
                        try Int.fetchOne(
                            db, sql: "SELECT COUNT(*) FROM \(table) WHERE typeof(\(column)) NOT IN ('blob', 'null')")
                    )
                }
                #expect(declared == "BLOB" && text == 0, "\(table).\(column)")
            }
        }
        // Later migrations add tables of their own (notifications, 019's); the indexes of the tables 008
        // rebuilt stay.
        #expect(try Self.schema(store).filter { !Self.isOfLaterTable($0, ["notification_"]) } == indexesBefore)
        #expect(store.deviceID.uuidString == Self.device)
        #expect(try await store.pool.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") } == "ok")

        let day = DateInterval(start: Date(millisecondsSince1970: Self.noon - 3_600_000), duration: 7_200_000)
        let entries = try await store.waterEntries(owner: Self.owner, in: day)
        #expect(Set(entries.map(\.meta.id.uuidString)) == [Self.first, Self.second])
        #expect(entries.allSatisfy { $0.meta.deviceID.uuidString == Self.device && $0.meta.ownerID == Self.owner })
        #expect(try await store.lastAddedWaterEntry(owner: Self.owner)?.meta.id.uuidString == Self.second)

        let completion = try await store.skillCompletion(
            owner: Self.owner, skillID: UUID(uuidString: Self.skill)!, day: LocalDay(dayNumber: 20_412))
        #expect(completion?.level == .partial)
        let moments = try await store.memorableMoments(owner: Self.owner)
        #expect(moments.map(\.title) == ["First 5k"] && moments.first?.skillID == nil)

        #expect(try await store.syncState()?.ownerID == Self.owner)
        #expect(try await store.devices(owner: Self.owner).map(\.id.uuidString) == [Self.device])
        #expect(try await store.horizon(owner: Self.owner) == 2)
        #expect(
            try await store.pool.read { db in
                try SQLiteStore.isCompacted(UUID(uuidString: Self.marker)!, of: Self.owner, db)
            })
    }

    @Test func anIdThatIsNotAUUIDStopsTheMigrationAndChangesNothing() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.oldFile(directory, firstID: "not-a-uuid")

        #expect {
            try SQLiteStore(path: path)
        } throws: { error in
            "\(error)".contains("not-a-uuid") && "\(error)".contains("is not a UUID")
        }
        let old = try SQLiteStore(path: path, lastMigration: Migration007CreateSync.identifier)
        let (applied, ids) = try old.pool.read { db in
            (
                try SQLiteMigrations.migrator().appliedIdentifiers(db),
                try String.fetchAll(db, sql: "SELECT id FROM water_entries ORDER BY rowid")
            )
        }
        #expect(!applied.contains(Migration008StoreIdsAsBytes.identifier))
        #expect(ids == ["not-a-uuid", Self.second])
    }
}
