import Foundation
import GRDB
import TallyCore
import TallyServices
import TallyStorage
import Testing

@testable import TallySQLite

/// An import runs with the writer's page cache smaller and no memory map, and every way out of
/// it (the last of several, a failure) gives the writer its own settings back.
@Suite struct BulkWriteMemoryTests {
    /// The writer's page cache (in KiB, negative) and memory map size.
    static func writerMemory(_ store: SQLiteStore) async throws -> (cache: Int, map: Int) {
        try await store.pool.writeWithoutTransaction { db in
            (
                try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? 0,
                try Int.fetchOne(db, sql: "PRAGMA mmap_size") ?? 0
            )
        }
    }

    struct Refused: Error {}

    @Test func theWriterHoldsLessOnlyWhileABulkWriteRuns() async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteStore(directory: directory.url)
        let scope = UserScope(store: store, clock: FixedClock(Date()), machineZone: TimeZone(identifier: "UTC")!)
        let own = try await Self.writerMemory(store)
        #expect(own.cache == -32_768 && own.map == 268_435_456)
        let inside = try await store.writingInBulk {
            // A second bulk write ending inside the first leaves the first's settings alone, and so does a
            // rebuild of the day totals (which reads with SQLite's defaults, then sets the writer's back).
            _ = try await store.writingInBulk { try await Self.writerMemory(store) }
            _ = try await scope.water.stats()
            return try await Self.writerMemory(store)
        }
        #expect(inside.cache == -8_192 && inside.map == 0)
        let after = try await Self.writerMemory(store)
        #expect(after.cache == own.cache && after.map == own.map)
        await #expect(throws: Refused.self) {
            try await store.writingInBulk { () async throws -> Int in throw Refused() }
        }
        let afterFailure = try await Self.writerMemory(store)
        #expect(afterFailure.cache == own.cache && afterFailure.map == own.map)
    }

    @Test func anImportRunsAsABulkWriteAndStoresWhatItRead() async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteStore(directory: directory.url)
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        let scope = UserScope(store: store, clock: FixedClock(now), machineZone: TimeZone(identifier: "UTC")!)
        let records = (0..<50).map { index in
            let at = now.addingTimeInterval(-Double(index) * 3_600)
            let meta = RecordMeta(
                id: UUID(), ownerID: LocalUser.id, createdAt: at, modifiedAt: at, deviceID: UUID(),
                stamp: HLCStamp(millis: at.millisecondsSince1970, counter: 0))
            return AnyRecord(
                WaterEntry(
                    meta: meta, fields: WaterEntryFields(at: at, timeZoneID: "UTC", amountML: 250), source: .api))
        }
        let file = directory.url.appendingPathComponent("backup.json")
        try BackupCoding.encoder().encode(TallyBackup(records: records)).write(to: file)
        let report = try await scope.imports.run(file)
        #expect(report.added == 50)
        #expect(try await scope.water.stats().totalML == 50 * 250)
        let after = try await Self.writerMemory(store)
        #expect(after.cache == -32_768 && after.map == 268_435_456)
    }
}
