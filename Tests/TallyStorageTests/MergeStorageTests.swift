import Foundation
import GRDB
import TallyCore
import Testing

@testable import TallySQLite

/// A merge writes an edit of a stored row as an update of the columns that changed: every index must
/// still find the row where its new values put it, on a real SQLite file.
@Suite struct MergeStorageTests {
    static let zone = TimeZone(identifier: "America/New_York")!
    static let owner = LocalUser.id
    static let phone = UUID()

    static func entry(at text: String, amount: Double, stamp: Int64, created: String? = nil) -> WaterEntry {
        let at = TimeInput.parseISO(text, zone: zone)!
        let createdAt = created.map { TimeInput.parseISO($0, zone: zone)! } ?? at
        let meta = RecordMeta(
            id: UUID(), ownerID: owner, createdAt: createdAt, modifiedAt: at, deviceID: phone,
            stamp: HLCStamp(millis: StoreFixture.now.millisecondsSince1970 + stamp, counter: 0))
        let fields = WaterEntryFields(at: at, timeZoneID: zone.identifier, amountML: amount)
        return WaterEntry(meta: meta, fields: fields, source: .cli)
    }

    static func edited(_ entry: WaterEntry, stamp: Int64, _ change: (inout WaterEntry) -> Void) -> WaterEntry {
        var copy = entry
        change(&copy)
        copy.meta.stamp = HLCStamp(millis: StoreFixture.now.millisecondsSince1970 + stamp, counter: 0)
        return copy
    }

    static func day(_ text: String) -> DateInterval {
        let start = TimeInput.parseISO(text + "T00:00:00", zone: zone)!
        return DateInterval(start: start, duration: 24 * 3600)
    }

    @Test func editsOfStoredRowsAreFoundThroughEveryIndex() async throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        let moved = Self.entry(at: "2026-11-20T09:00:00", amount: 250, stamp: 1)
        let resized = Self.entry(at: "2026-11-20T10:00:00", amount: 300, stamp: 1)
        let deleted = Self.entry(at: "2026-11-20T11:00:00", amount: 200, stamp: 1)
        let twice = Self.entry(at: "2026-11-20T12:00:00", amount: 100, stamp: 1)
        let recreated = Self.entry(at: "2026-11-20T13:00:00", amount: 150, stamp: 1, created: "2026-11-19T08:00:00")
        let stored = [moved, resized, deleted, twice, recreated]
        _ = try await store.merge(stored.map(AnyRecord.init), now: StoreFixture.now)

        let fresh = Self.entry(at: "2026-11-21T07:00:00", amount: 500, stamp: 2)
        // The same entry edited twice in one batch: the second edit starts from the first.
        let twiceFirst = Self.edited(twice, stamp: 2) { $0.fields.amountML = 110 }
        let twiceSecond = Self.edited(twiceFirst, stamp: 3) {
            $0.fields.at = Self.day("2026-11-21").start.addingTimeInterval(9 * 3600)
        }
        let batch: [WaterEntry] = [
            Self.edited(moved, stamp: 2) { $0.fields.at = Self.day("2026-11-21").start.addingTimeInterval(8 * 3600) },
            Self.edited(resized, stamp: 2) { $0.fields.amountML = 330 },
            Self.edited(deleted, stamp: 2) { $0.meta.isDeleted = true },
            twiceFirst, twiceSecond,
            Self.edited(recreated, stamp: 2) {
                $0.meta.createdAt = Self.day("2026-11-21").start.addingTimeInterval(23 * 3600)
            },
            fresh,
        ]
        let result = try await store.merge(batch.map(AnyRecord.init), now: StoreFixture.now)
        #expect(result.inserted == 1 && result.updated == 6 && result.unchanged == 0)

        // The index on time: each day holds what the edits put there, the deleted entry on neither.
        let first = try await store.waterEntries(owner: Self.owner, in: Self.day("2026-11-20"))
        #expect(Set(first.map(\.id)) == [resized.id, recreated.id])
        #expect(first.first { $0.id == resized.id }?.amountML == 330)
        let second = try await store.waterEntries(owner: Self.owner, in: Self.day("2026-11-21"))
        #expect(Set(second.map(\.id)) == [moved.id, twice.id, fresh.id])
        #expect(second.first { $0.id == twice.id }?.amountML == 110)

        // The index on creation: the entry whose creation the edit moved to last is the last added.
        #expect(try await store.lastAddedWaterEntry(owner: Self.owner)?.id == recreated.id)

        // The change feed (the index on sequence) lists each record once, at its last change.
        let page = try await store.changes(owner: Self.owner, after: 0, limit: 100)
        #expect(page.records.count == 6)
        #expect(page.records.last?.meta.id == fresh.id)
        #expect(page.records.first { $0.meta.id == deleted.id }?.meta.isDeleted == true)

        let check = try await store.pool.read { try String.fetchAll($0, sql: "PRAGMA integrity_check") }
        #expect(check == ["ok"])
    }

    @Test func aCommitIsSyncedToDiskBeforeTheWriteReturns() async throws {
        let fixture = try StoreFixture()
        let (synchronous, pageSize) = try await fixture.store.pool.write { db in
            (try Int.fetchOne(db, sql: "PRAGMA synchronous"), try Int.fetchOne(db, sql: "PRAGMA page_size"))
        }
        #expect(synchronous == 2, "the writer must run with synchronous = FULL")
        #expect(pageSize == 16_384)
    }
}
