import Foundation
import TallyCore
import TallyStorage
import Testing

/// The sync engine's rules on their own, without a database: what a store is told to write.
@Suite struct SyncEngineTests {
    static let now = StoreFixture.now
    static let owner = LocalUser.id

    static func goal(
        _ day: String, _ millilitres: Double, stamp: Int64, id: UUID = UUID(), owner: UUID = owner
    )
        -> AnyRecord
    {
        let meta = RecordMeta(
            id: id, ownerID: owner, createdAt: now, modifiedAt: now, deviceID: UUID(),
            stamp: HLCStamp(millis: now.millisecondsSince1970 + stamp, counter: 0))
        return AnyRecord(WaterGoal(meta: meta, effectiveFrom: LocalDay(day)!, goalML: millilitres))
    }

    @Test func aLocalWriteTakesTheNextStampAndSequenceAndThisDevice() {
        let device = UUID()
        let clock = ReplicaClock(stamp: HLCStamp(millis: Self.now.millisecondsSince1970, counter: 4), sequence: 10)
        let plan = SyncEngine.write(
            [Self.goal("2026-11-22", 2_000, stamp: 0), Self.goal("2026-11-23", 2_500, stamp: 0)], deviceID: device,
            clock: clock, now: Self.now)
        #expect(plan.writes.map(\.sequence) == [11, 12])
        #expect(plan.writes.map(\.record.meta.stamp.counter) == [5, 6])
        #expect(plan.writes.allSatisfy { $0.record.meta.deviceID == device })
        #expect(plan.clock.sequence == 12)
    }

    @Test func aNaturalKeyKeepsOneWinnerWithinABatch() throws {
        let first = Self.goal("2026-11-22", 2_000, stamp: 1)
        let later = Self.goal("2026-11-22", 2_400, stamp: 3)
        let earlier = Self.goal("2026-11-22", 1_800, stamp: 2)
        let plan = try SyncEngine.merge(
            [first, later, earlier], stored: StoredHeaders(), clock: .start, now: Self.now)
        #expect(plan.writes.map(\.record) == [first, later])
        #expect(plan.writes.last?.replacing == first.meta)
        #expect(plan.result == MergeResult(inserted: 1, updated: 1, unchanged: 1, insertedByKind: [WaterGoal.kind: 1]))
    }

    @Test func aBatchMixingOwnersIsRefused() throws {
        let mine = Self.goal("2026-11-22", 2_000, stamp: 1)
        let theirs = Self.goal("2026-11-23", 2_000, stamp: 1, owner: UUID())
        #expect(throws: TallyError.self) {
            try SyncEngine.merge([mine, theirs], stored: StoredHeaders(), clock: .start, now: Self.now)
        }
        #expect(throws: TallyError.self) { try SyncEngine.owner(of: [mine, theirs]) }
        #expect(try SyncEngine.owner(of: [mine]) == Self.owner)
    }

    @Test func aCompactedIdStaysDeleted() throws {
        let goal = Self.goal("2026-11-22", 2_000, stamp: 1)
        let plan = try SyncEngine.merge(
            [goal], stored: StoredHeaders(compacted: [goal.meta.id]), clock: .start, now: Self.now)
        #expect(plan.writes.isEmpty && plan.result.unchanged == 1)
    }

    @Test func compactionKeepsJournalTombstonesAndNumbersItsMarkers() {
        let tombstones = [
            RecordRef(kind: WaterGoal.kind, id: UUID()), RecordRef(kind: JournalEntry.kind, id: UUID()),
            RecordRef(kind: BathroomEvent.kind, id: UUID()),
        ]
        let plan = SyncEngine.compaction(
            of: tombstones, owner: Self.owner, clock: ReplicaClock(stamp: .zero, sequence: 7), now: Self.now)
        #expect(plan.removed == [tombstones[0], tombstones[2]])
        #expect(plan.markers.map(\.sequence) == [8, 9])
        #expect(plan.markers.map(\.id) == [tombstones[0].id, tombstones[2].id])
    }
}
