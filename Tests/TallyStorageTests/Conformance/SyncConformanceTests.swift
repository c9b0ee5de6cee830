import Foundation
import TallyCore
import TallyServices
import TallyStorage
import Testing

/// The server side of sync on every database: devices belong to one user, acknowledgements only move
/// forward, compacted tombstones become markers that refuse their ids, and forgotten markers set a horizon.
@Suite struct SyncConformanceTests {
    @Test(arguments: Database.available)
    func aDeviceBelongsToTheFirstUserAndAcknowledgementsOnlyMoveForward(_ database: Database) async throws {
        try await database.withStore { subject in
            let store = subject.store
            let device = UUID()
            let owner = UUID()
            try await store.claimDevice(device, owner: owner, now: StoreUnderTest.now)
            await #expect(throws: TallyError.self) {
                try await store.claimDevice(device, owner: UUID(), now: StoreUnderTest.now)
            }
            try await store.acknowledge(device: device, through: 7)
            try await store.acknowledge(device: device, through: 3)
            let devices = try await store.devices(owner: owner)
            #expect(devices.map(\.id) == [device] && devices.first?.acknowledgedThrough == 7)
        }
    }

    @Test(arguments: Database.available)
    func compactedTombstonesBecomeMarkersThatRefuseTheirIds(_ database: Database) async throws {
        try await database.withStore { subject in
            let store = subject.store
            let scope = subject.scope()
            let kept = try await scope.bathroom.log(note: "kept")
            let gone = try await scope.bathroom.log(note: "gone")
            try await scope.bathroom.delete(id: gone.id)
            _ = try await scope.journal.save(on: LocalDay("2026-11-22")!, .init(notes: "day", moodRating: 2))
            try await scope.journal.delete(on: LocalDay("2026-11-22")!)
            let through = try await store.latestSequence(owner: LocalUser.id)
            let compacted = try await store.compactTombstones(
                owner: LocalUser.id, through: through, orStampedBefore: .zero, now: StoreUnderTest.now)
            // The journal day's tombstone stays: a late copy of an earlier life must still lose to it.
            #expect(compacted == 1)
            let page = try await store.changes(owner: LocalUser.id, after: through, limit: 10)
            #expect(page.purged == [gone.id])
            #expect(page.through == through + 1)
            let feed = try await subject.everything()
            #expect(Set(feed.map(\.meta.id)).contains(kept.id) && !feed.map(\.meta.id).contains(gone.id))
            // A copy of the compacted record still travelling is refused quietly: it stays deleted.
            var late = gone
            late.meta.stamp = HLCStamp(millis: gone.meta.stamp.millis + 10, counter: 0)
            #expect(try await store.merge([AnyRecord(late)], now: StoreUnderTest.now).unchanged == 1)
            #expect(try await store.bathroomEvent(id: gone.id, owner: LocalUser.id) == nil)
        }
    }

    @Test(arguments: Database.available)
    func forgettingMarkersSetsTheHorizon(_ database: Database) async throws {
        try await database.withStore { subject in
            let store = subject.store
            let scope = subject.scope()
            let gone = try await scope.bathroom.log(note: "gone")
            try await scope.bathroom.delete(id: gone.id)
            _ = try await store.compactTombstones(
                owner: LocalUser.id, through: 10, orStampedBefore: .zero, now: StoreUnderTest.now)
            let marker = try await store.latestSequence(owner: LocalUser.id)
            #expect(try await store.horizon(owner: LocalUser.id) == 0)
            let later = HLCStamp(millis: StoreUnderTest.now.millisecondsSince1970 + 1, counter: 0)
            #expect(try await store.expireMarkers(owner: LocalUser.id, stampedBefore: later) == 1)
            #expect(try await store.horizon(owner: LocalUser.id) == marker)
            #expect(try await store.expireMarkers(owner: LocalUser.id, stampedBefore: later) == 0)
        }
    }

    @Test(arguments: Database.available)
    func digestsAgreeWhereRecordsAgree(_ database: Database) async throws {
        try await database.withStore { subject in
            try await RecordConformanceTests.populate(subject.scope())
            let digests = try await subject.store.digests(owner: LocalUser.id)
            #expect(digests.map(\.count).reduce(0, +) == (try await subject.everything()).count)
            let records = try await subject.store.records(owner: LocalUser.id, in: digests.map(\.bucket))
            #expect(Set(records) == Set(try await subject.everything()))
            try await Database.sqlite.withStore { other in
                _ = try await other.store.merge(records, now: StoreUnderTest.now)
                #expect(try await other.store.digests(owner: LocalUser.id) == digests)
            }
        }
    }
}
