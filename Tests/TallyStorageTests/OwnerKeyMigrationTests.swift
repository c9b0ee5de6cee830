import Foundation
import GRDB
import TallyCore
import TallyStorage
import Testing

@testable import TallySQLite

/// Migration 011 keys every record table and the compaction markers by owner and id. A file written before
/// it must read back the same, keep its rowids (an edit addresses its row by rowid; ties in "last added"
/// break by it) and its indexes, and then let another person use an id its owner already has.
@Suite struct OwnerKeyMigrationTests {
    static let owner = LocalUser.id
    static let first = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC96401")!
    static let second = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC96402")!
    static let setting = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC96403")!
    static let marker = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC9640C")!
    static let device = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964DD")!
    static let noon: Int64 = 1_763_830_800_000
    static let before = Migration010CreateSnoozes.identifier

    /// A file as migration 010 left it: two water entries added in the same millisecond (the second inserted
    /// last), a setting and a compaction marker.
    static func oldFile(_ directory: TemporaryDirectory) throws -> String {
        let path = directory.url.appendingPathComponent(SQLiteStore.fileName).path
        let old = try SQLiteStore(path: path, lastMigration: before)
        let stamp = "0001763830800000-00000"
        try old.pool.write { db in
            for (index, id) in [second, first].enumerated() {
                // Rowids out of id order: the second id is inserted first, then moved to the end.
                try db.execute(
                    sql: """
                        INSERT INTO water_entries (rowid, id, owner_id, at_ms, time_zone, amount_ml, drink_kind,
                            source, created_ms, modified_ms, device_id, stamp, deleted, sequence)
                        VALUES (?, ?, ?, ?, 'America/New_York', ?, NULL, 'cli', ?, ?, ?, ?, 0, ?)
                        """,
                    arguments: [
                        [20, 10][index], id, owner, noon, 250 * (index + 1), noon, noon, device, stamp, index + 1,
                    ])
            }
            try db.execute(
                sql: """
                    INSERT INTO settings (id, owner_id, key, value, created_ms, modified_ms, device_id, stamp,
                        deleted, sequence)
                    VALUES (?, ?, 'timeZone', 'Europe/Paris', ?, ?, ?, ?, 0, 3);
                    INSERT INTO compaction_markers (id, owner_id, stamp, sequence) VALUES (?, ?, ?, 4);
                    """,
                arguments: [setting, owner, noon, noon, device, stamp, marker, owner, stamp])
        }
        return path
    }

    @Test func everyRecordTableIsKeyedByOwnerAndIdAndKeepsItsRows() async throws {
        let directory = try TemporaryDirectory()
        let path = try Self.oldFile(directory)
        let indexesBefore = try IdBytesMigrationTests.schema(try SQLiteStore(path: path, lastMigration: Self.before))
        let rowidsBefore = try SQLiteStore(path: path, lastMigration: Self.before).pool.read { db in
            try Row.fetchAll(db, sql: "SELECT rowid, id FROM water_entries ORDER BY rowid")
        }
        let store = try SQLiteStore(path: path)

        for table in Migration011KeyRecordsByOwner.tables {
            let key = try await store.pool.read { db in
                try String.fetchAll(
                    db, sql: "SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk", arguments: [table])
            }
            #expect(key == ["owner_id", "id"], "\(table)")
        }
        // The indexes of the tables this migration rebuilt; tables made after it (019's) add their own.
        #expect(
            try IdBytesMigrationTests.schema(store).filter { !IdBytesMigrationTests.isOfLaterTable($0) }
                == indexesBefore)
        let integrity = try await store.pool.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }
        #expect(integrity == "ok")
        // Rows are not Sendable, so this is the pool's blocking read.
        let rowids = try store.pool.read { db in
            try Row.fetchAll(db, sql: "SELECT rowid, id FROM water_entries ORDER BY rowid")
        }
        #expect(rowids == rowidsBefore)
        #expect(try await store.lastAddedWaterEntry(owner: Self.owner)?.meta.id == Self.second)
        let day = DateInterval(start: Date(millisecondsSince1970: Self.noon - 3_600_000), duration: 7_200_000)
        #expect(Set(try await store.waterEntries(owner: Self.owner, in: day).map(\.amountML)) == [250, 500])
        #expect(try await store.settings(owner: Self.owner).map(\.value) == ["Europe/Paris"])
        #expect(try await store.pool.read { db in try SQLiteStore.isCompacted(Self.marker, of: Self.owner, db) })

        // Someone else may now use the ids this file's owner has, the compacted one too.
        let stranger = UUID()
        let entries = try await store.waterEntries(owner: Self.owner, in: day)
        var theirs = entries.map { entry in
            var copy = AnyRecord(entry)
            copy.meta.ownerID = stranger
            return copy
        }
        var compacted = theirs[0]
        compacted.meta.id = Self.marker
        theirs.append(compacted)
        #expect(try await store.merge(theirs, now: Date(millisecondsSince1970: Self.noon)).inserted == 3)
        #expect(try await store.waterEntries(owner: Self.owner, in: day).count == 2)
        #expect(try await store.waterEntries(owner: stranger, in: day).count == 3)
        #expect(try await store.pool.read { db in try !SQLiteStore.isCompacted(Self.marker, of: stranger, db) })
    }
}
