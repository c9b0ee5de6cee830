import Foundation
import TallyCore
import TallySQLite
import TallyServices
import Testing

/// Bad batches are refused as a whole, naming what is wrong, and change nothing stored.
@Suite struct SyncRefusalTests {
    private func batch(_ fixture: SyncFixture, device: UUID = UUID(), notes: [String]) async throws -> SyncBatch {
        let maker = try await fixture.device()
        for note in notes { _ = try await maker.scope.bathroom.log(note: note) }
        let records = try await maker.store.changes(owner: fixture.owner, after: 0, limit: 100).records
        return SyncBatch(deviceID: device, through: Int64(records.count), records: records)
    }

    @Test func aStampADayAheadRefusesTheWholeBatch() async throws {
        let fixture = try SyncFixture()
        var batch = try await batch(fixture, notes: ["a", "b", "c"])
        batch.records[1].meta.stamp = HLCStamp(millis: fixture.time.now + 30 * 3_600_000, counter: 0)
        let before = try await fixture.serverScope.backup.exportJSON()
        let stampBefore = try await fixture.server.currentStamp(owner: fixture.owner)
        await #expect(throws: TallyError.self) { try await fixture.service.push(batch, owner: fixture.owner) }
        do {
            _ = try await fixture.service.push(batch, owner: fixture.owner)
        } catch let error as TallyError {
            #expect("\(error)".contains("24 hours"))
        }
        #expect(try await fixture.serverScope.backup.exportJSON() == before)
        #expect(try await fixture.server.currentStamp(owner: fixture.owner) == stampBefore)
    }

    /// A device id another person uses is a device of their own: it pushes and pulls their records only,
    /// and nothing answers that the id was taken (that told a stranger the id existed).
    @Test func aDeviceIdAnotherPersonUsesIsADeviceOfTheirOwn() async throws {
        let fixture = try SyncFixture()
        let batch = try await batch(fixture, notes: ["mine"])
        _ = try await fixture.service.push(batch, owner: fixture.owner)
        let stranger = UUID()
        var theirs = batch
        theirs.records = theirs.records.map { record in
            var record = record
            record.meta.ownerID = stranger
            return record
        }
        _ = try await fixture.service.push(theirs, owner: stranger)
        let mine = try await fixture.service.pull(device: batch.deviceID, owner: fixture.owner, after: 0, limit: 10)
        let strangers = try await fixture.service.pull(device: batch.deviceID, owner: stranger, after: 0, limit: 10)
        #expect(!mine.records.isEmpty && mine.records.allSatisfy { $0.meta.ownerID == fixture.owner })
        #expect(!strangers.records.isEmpty && strangers.records.allSatisfy { $0.meta.ownerID == stranger })
    }

    @Test func aRecordOfAnotherUserIsRefused() async throws {
        let fixture = try SyncFixture()
        var batch = try await batch(fixture, notes: ["a", "b"])
        batch.records[0].meta.ownerID = UUID()
        await #expect(throws: TallyError.self) { try await fixture.service.push(batch, owner: fixture.owner) }
        #expect(try await fixture.server.lastSequence() == 0)
    }

    @Test func anInvalidRecordIsRefusedWithItsField() async throws {
        let fixture = try SyncFixture()
        var batch = try await batch(fixture, notes: ["a"])
        guard var event = batch.records[0].as(BathroomEvent.self) else { Issue.record("not an event"); return }
        event.urgency = 9
        batch.records[0] = AnyRecord(event)
        await #expect(throws: TallyError.self) { try await fixture.service.push(batch, owner: fixture.owner) }
        #expect(try await fixture.server.lastSequence() == 0)
    }

    @Test func aReplayedBatchChangesNothing() async throws {
        let fixture = try SyncFixture()
        let batch = try await batch(fixture, notes: ["a", "b", "c"])
        let first = try await fixture.service.push(batch, owner: fixture.owner)
        #expect(first.inserted == 3 && first.appliedThrough == batch.through)
        let exported = try await fixture.serverScope.backup.exportJSON()
        let sequence = try await fixture.server.lastSequence()
        let again = try await fixture.service.push(batch, owner: fixture.owner)
        #expect(again == SyncAck(appliedThrough: batch.through, inserted: 0, updated: 0, unchanged: 3))
        #expect(try await fixture.serverScope.backup.exportJSON() == exported)
        #expect(try await fixture.server.lastSequence() == sequence)
    }

    @Test func anOlderCopyArrivingLateChangesNothing() async throws {
        let fixture = try SyncFixture()
        let phone = try await fixture.device()
        let event = try await phone.scope.bathroom.log(note: "old")
        let old = try await phone.store.changes(owner: fixture.owner, after: 0, limit: 10)
        var fields = event.fields
        fields.note = "new"
        _ = try await phone.scope.bathroom.update(id: event.id, fields: fields)
        try await phone.sync()
        let late = SyncBatch(deviceID: phone.store.deviceID, through: old.through, records: old.records)
        #expect(try await fixture.service.push(late, owner: fixture.owner).unchanged == 1)
        #expect(try await fixture.serverScope.bathroom.event(id: event.id).note == "new")
    }
}
