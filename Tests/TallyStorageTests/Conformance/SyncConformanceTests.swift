import Foundation
import TallyCore
import TallyServices
import TallyStorage
import Testing

/// The server side of sync on every database: devices belong to one user, acknowledgements only move
/// forward, compacted tombstones become markers that refuse their ids, and forgotten markers set a horizon.
@Suite struct SyncConformanceTests {
    @Test(arguments: Database.available)
    func aDeviceIsEachOwnersOwnAndAcknowledgementsOnlyMoveForward(_ database: Database) async throws {
        try await database.withStore { subject in
            let store = subject.store
            let device = UUID()
            let (owner, other) = (UUID(), UUID())
            try await store.claimDevice(device, owner: owner, now: StoreUnderTest.now)
            // The same id used by another person is their own device, told from nothing else.
            try await store.claimDevice(device, owner: other, now: StoreUnderTest.now)
            try await store.acknowledge(device: device, owner: owner, through: 7)
            try await store.acknowledge(device: device, owner: owner, through: 3)
            try await store.acknowledge(device: device, owner: other, through: 2)
            let devices = try await store.devices(owner: owner)
            #expect(devices.map(\.id) == [device] && devices.first?.acknowledgedThrough == 7)
            #expect(try await store.devices(owner: other).first?.acknowledgedThrough == 2)
        }
    }

    /// "Last seen" is kept to the minute, so a device pulling every few seconds is not written each time;
    /// another person using the same id changes nothing of this owner's device.
    @Test(arguments: Database.available)
    func aDeviceSeenAgainWithinTheMinuteKeepsItsLastSeen(_ database: Database) async throws {
        try await database.withStore { subject in
            let store = subject.store
            let (device, owner, now) = (UUID(), UUID(), StoreUnderTest.now)
            func lastSeen() async throws -> Date? { try await store.devices(owner: owner).first?.lastSeen }
            try await store.claimDevice(device, owner: owner, now: now)
            try await store.claimDevice(device, owner: owner, now: now.addingTimeInterval(30))
            #expect(try await lastSeen() == now)
            try await store.claimDevice(device, owner: UUID(), now: now.addingTimeInterval(31))
            #expect(try await lastSeen() == now)
            try await store.claimDevice(device, owner: owner, now: now.addingTimeInterval(61))
            #expect(try await lastSeen() == now.addingTimeInterval(61))
            // A clock set back is a new sighting too.
            try await store.claimDevice(device, owner: owner, now: now)
            #expect(try await lastSeen() == now)
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

    /// Records are known by owner and id: copies of all of Ana's records under her ids, one she compacted
    /// too, merge for Ben exactly as copies under new ids do for Cara, and each person's changes leave the
    /// other's records alone.
    @Test(arguments: Database.available)
    func anIdSomeoneElseUsesIsFreeForAnyoneElse(_ database: Database) async throws {
        try await database.withStore { subject in
            let store = subject.store
            let (ana, ben, cara) = (LocalUser.id, UUID(), UUID())
            try await RecordConformanceTests.populate(subject.scope(owner: ana))
            let gone = try await subject.scope(owner: ana).bathroom.log(note: "gone")
            try await subject.scope(owner: ana).bathroom.delete(id: gone.id)
            _ = try await store.compactTombstones(
                owner: ana, through: try await store.latestSequence(owner: ana), orStampedBefore: .zero,
                now: StoreUnderTest.now)
            let anas = try await subject.everything(of: ana)
            func copies(for owner: UUID, newIDs: Bool) -> [AnyRecord] {
                (anas + [AnyRecord(gone)]).map { record in
                    var copy = record
                    copy.meta.ownerID = owner
                    if newIDs { copy.meta.id = UUID() }
                    return copy
                }
            }
            let bens = copies(for: ben, newIDs: false)
            let benMerged = try await store.merge(bens, now: StoreUnderTest.now)
            let caraMerged = try await store.merge(copies(for: cara, newIDs: true), now: StoreUnderTest.now)
            #expect(benMerged == caraMerged)
            #expect(benMerged.inserted == bens.count && benMerged.updated == 0 && benMerged.unchanged == 0)
            #expect(Set(try await subject.everything(of: ben)) == Set(bens))
            #expect(try await store.bathroomEvent(id: gone.id, owner: ben)?.note == "gone")
            #expect(try await store.bathroomEvent(id: gone.id, owner: ana) == nil)

            let shared = try #require(anas.first { $0.kind == BathroomEvent.kind && !$0.meta.isDeleted })
            try await subject.scope(owner: ben).bathroom.delete(id: shared.meta.id)
            #expect(try await store.bathroomEvent(id: shared.meta.id, owner: ben) == nil)
            #expect(try await store.bathroomEvent(id: shared.meta.id, owner: ana) != nil)
            #expect(try await subject.everything(of: ana) == anas)
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
