import Foundation
import TallyCore
import TallyPostgres
import TallyServices
import TallyStorage
import Testing

/// The edges of a merge that PostgreSQL writes in statements of many rows (``PostgresStore/rowsPerStatement``),
/// on every database: a batch of exactly one statement's rows and one more, one id written several times in
/// one batch (new, edited, deleted), an older copy after a newer one, and an empty batch. Each keeps the
/// owner's day totals, and the change feed numbers every stored row once.
@Suite struct BatchedMergeConformanceTests {
    static let device = UUID()

    /// A water entry of the local user stamped `millis` after the pinned now, `amount` ml, `minutes` before now.
    static func entry(
        _ id: UUID = UUID(), millis: Int64, amount: Double, minutes: Int = 0, deleted: Bool = false
    ) -> AnyRecord {
        let now = StoreUnderTest.now
        let at = now.addingTimeInterval(-Double(minutes) * 60)
        let meta = RecordMeta(
            id: id, ownerID: LocalUser.id, createdAt: at, modifiedAt: at, deviceID: device,
            stamp: HLCStamp(millis: now.millisecondsSince1970 + millis, counter: 0), isDeleted: deleted)
        return AnyRecord(
            WaterEntry(meta: meta, fields: WaterEntryFields(at: at, timeZoneID: "UTC", amountML: amount), source: .api))
    }

    /// The stored water entries, tombstones included, by id.
    static func stored(_ store: any TallyStore) async throws -> [UUID: WaterEntry] {
        let entries = try await store.records(WaterEntry.self, owner: LocalUser.id, RecordQuery(includingDeleted: true))
        return Dictionary(uniqueKeysWithValues: entries.map { ($0.id, $0) })
    }

    /// The feed numbers each stored row once, 1, 2, 3... up to the owner's latest sequence, with no gap.
    static func expectFeedNumbersEveryRowOnce(_ subject: StoreUnderTest) async throws {
        let feed = try await subject.everything()
        let latest = try await subject.store.latestSequence(owner: LocalUser.id)
        #expect(Set(feed.map(\.meta.id)).count == feed.count)
        #expect(Int64(feed.count) <= latest)
    }

    /// The totals read once first, so every merge below must keep them.
    static func keepTotals(_ scope: UserScope) async throws {
        _ = try await scope.store.dayTotals(owner: scope.owner, boundary: DayBoundary(), DayTotalQuery(.water))
    }

    @Test(arguments: Database.available)
    func aBatchOfExactlyOneStatementsRowsAndOneMoreStoresEveryRow(_ database: Database) async throws {
        try await database.withStore { subject in
            let scope = subject.scope()
            try await Self.keepTotals(scope)
            let size = PostgresStore.rowsPerStatement
            let first = (0..<size).map { Self.entry(millis: 1, amount: 100, minutes: $0) }
            #expect(try await subject.store.merge(first, now: StoreUnderTest.now).inserted == size)
            // One more than a statement holds: half edits of the first batch (newer), half new, and one over.
            let edits = first.prefix(size / 2).map { Self.entry($0.meta.id, millis: 2, amount: 200, minutes: 1) }
            let fresh = (0..<(size - size / 2 + 1)).map { Self.entry(millis: 2, amount: 50, minutes: $0) }
            let result = try await subject.store.merge(edits + fresh, now: StoreUnderTest.now)
            #expect(result.inserted == fresh.count && result.updated == edits.count && result.unchanged == 0)
            let stored = try await Self.stored(subject.store)
            #expect(stored.count == size + fresh.count)
            #expect(edits.allSatisfy { stored[$0.meta.id]?.amountML == 200 })
            #expect(try await subject.store.latestSequence(owner: LocalUser.id) == Int64(2 * size + 1))
            try await Self.expectFeedNumbersEveryRowOnce(subject)
            let check = try await DayTotalsCheck.run(in: scope)
            #expect(check.differences.isEmpty, "\(check.differences)")
        }
    }

    /// One batch logs an entry, edits it, deletes it and logs a second whose older copy comes last: the
    /// entry ends deleted at its last stamp, the second keeps its newer copy, and only it counts in the day.
    @Test(arguments: Database.available)
    func aBatchWritingOneIdSeveralTimesKeepsItsNewestCopy(_ database: Database) async throws {
        try await database.withStore { subject in
            let scope = subject.scope()
            try await Self.keepTotals(scope)
            let (first, second) = (UUID(), UUID())
            let batch = [
                Self.entry(first, millis: 1, amount: 250), Self.entry(first, millis: 2, amount: 300),
                Self.entry(second, millis: 5, amount: 400, minutes: 10),
                Self.entry(first, millis: 3, amount: 300, deleted: true),
                Self.entry(second, millis: 4, amount: 999, minutes: 10),
            ]
            let result = try await subject.store.merge(batch, now: StoreUnderTest.now)
            #expect(result == MergeResult(inserted: 2, updated: 2, unchanged: 1, insertedByKind: [WaterEntry.kind: 2]))
            let stored = try await Self.stored(subject.store)
            #expect(
                stored[first]?.meta.isDeleted == true && stored[first]?.meta.stamp.millis == batch[3].meta.stamp.millis)
            #expect(stored[second]?.amountML == 400 && stored[second]?.meta.isDeleted == false)
            let totals = try await subject.store.dayTotals(
                owner: LocalUser.id, boundary: DayBoundary(), DayTotalQuery(.water))
            #expect(totals.map(\.amountML) == [400] && totals.map(\.count) == [1])
            // Four writes planned, four sequence numbers: the feed holds the two rows at their last ones.
            #expect(try await subject.store.latestSequence(owner: LocalUser.id) == 4)
            let feed = try await subject.everything()
            #expect(Set(feed.map(\.meta.id)) == [first, second])
        }
    }

    @Test(arguments: Database.available)
    func anOlderCopyNeverOverwritesANewerOne(_ database: Database) async throws {
        try await database.withStore { subject in
            let scope = subject.scope()
            try await Self.keepTotals(scope)
            let id = UUID()
            _ = try await subject.store.merge([Self.entry(id, millis: 10, amount: 500)], now: StoreUnderTest.now)
            let older = [Self.entry(id, millis: 9, amount: 1), Self.entry(id, millis: 8, amount: 2)]
            let result = try await subject.store.merge(older, now: StoreUnderTest.now)
            #expect(result == MergeResult(unchanged: 2))
            #expect(try await Self.stored(subject.store)[id]?.amountML == 500)
            #expect(try await DayTotalConformanceTests.water(scope).values.sorted() == [500])
            #expect(try await subject.store.latestSequence(owner: LocalUser.id) == 1)
        }
    }

    @Test(arguments: Database.available)
    func anEmptyBatchChangesNothing(_ database: Database) async throws {
        try await database.withStore { subject in
            _ = try await subject.store.merge([Self.entry(millis: 1, amount: 100)], now: StoreUnderTest.now)
            #expect(try await subject.store.merge([], now: StoreUnderTest.now) == MergeResult())
            #expect(try await subject.store.write([], now: StoreUnderTest.now).isEmpty)
            #expect(try await subject.store.latestSequence(owner: LocalUser.id) == 1)
            #expect(try await Self.stored(subject.store).count == 1)
        }
    }
}
