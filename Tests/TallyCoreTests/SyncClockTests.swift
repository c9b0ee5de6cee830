import Foundation
import Testing

@testable import TallyCore

/// The hybrid logical clock's receive rule, the merge order and digests.
@Suite struct SyncClockTests {
    let now = Fixture.instant("2026-11-22T08:00:00Z")
    var wall: Int64 { now.millisecondsSince1970 }

    @Test func receivingAStampAheadMovesTheClockPastIt() throws {
        let remote = HLCStamp(millis: wall + 3_600_000, counter: 7)
        let clock = try HLCStamp.receiving(remote, after: HLCStamp(millis: wall, counter: 2), now: now)
        #expect(clock == HLCStamp(millis: wall + 3_600_000, counter: 8))
        // The next local change, though the wall clock is an hour behind, orders after the received stamp.
        #expect(HLCStamp.next(after: clock, now: now) > remote)
    }

    @Test func receivingAnOldStampKeepsTheClockMoving() throws {
        let last = HLCStamp(millis: wall - 10, counter: 4)
        #expect(
            try HLCStamp.receiving(HLCStamp(millis: wall - 500, counter: 0), after: last, now: now)
                == HLCStamp(millis: wall, counter: 0))
        let ahead = HLCStamp(millis: wall + 10, counter: 4)
        #expect(
            try HLCStamp.receiving(HLCStamp(millis: wall + 10, counter: 9), after: ahead, now: now)
                == HLCStamp(millis: wall + 10, counter: 10))
        #expect(
            try HLCStamp.receiving(HLCStamp(millis: 1, counter: 0), after: ahead, now: now)
                == HLCStamp(millis: wall + 10, counter: 5))
    }

    @Test func aStampMoreThanADayAheadIsRefusedWithHowFar() {
        let far = HLCStamp(millis: wall + 30 * 3_600_000, counter: 0)
        #expect(throws: TallyError.self) { try HLCStamp.receiving(far, after: .zero, now: now) }
        do {
            _ = try HLCStamp.receiving(far, after: .zero, now: now)
        } catch {
            #expect(error.description.contains("30.0 hours ahead"))
        }
        #expect(throws: Never.self) {
            try HLCStamp.receiving(HLCStamp(millis: wall + 23 * 3_600_000, counter: 0), after: .zero, now: now)
        }
    }

    @Test func aFullCounterBorrowsTheNextMillisecond() throws {
        let full = HLCStamp(millis: wall, counter: HLCStamp.maxCounter)
        #expect(try HLCStamp.receiving(full, after: full, now: now) == HLCStamp(millis: wall + 1, counter: 0))
    }

    @Test func aDeleteWinsWithinALifeAndALaterJournalLifeWinsOverIt() {
        let day = Fixture.day("2026-11-22")
        func entry(created: Int64, stamp: Int64, deleted: Bool) -> AnyRecord {
            AnyRecord(
                JournalEntry(
                    meta: RecordMeta(
                        id: UUID(), ownerID: LocalUser.id, createdAt: Date(millisecondsSince1970: created),
                        modifiedAt: now, deviceID: UUID(), stamp: HLCStamp(millis: stamp, counter: 0),
                        isDeleted: deleted), date: day, fields: JournalEntryFields(notes: "x")))
        }
        let deleted = entry(created: 100, stamp: 200, deleted: true)
        let laterEditOfTheSameLife = entry(created: 100, stamp: 900, deleted: false)
        let nextLife = entry(created: 101, stamp: 150, deleted: false)
        #expect(!MergeOrder.replaces(laterEditOfTheSameLife, over: deleted.meta))
        #expect(MergeOrder.replaces(deleted, over: laterEditOfTheSameLife.meta))
        #expect(MergeOrder.replaces(nextLife, over: deleted.meta))
        #expect(!MergeOrder.replaces(deleted, over: nextLife.meta))
    }

    @Test func digestsDoNotDependOnOrderAndNameTheDaysThatDiffer() {
        let records = (0..<5).map { index in
            (UUID(), HLCStamp(millis: wall + Int64(index), counter: 0), wall + Int64(index) * 86_400_000)
        }
        var forward = DigestAccumulator()
        var backward = DigestAccumulator()
        let device = UUID()
        for (id, stamp, created) in records {
            forward.add(
                kind: "water entry", createdMillis: created, id: id, stamp: stamp, deviceID: device, isDeleted: false)
        }
        for (id, stamp, created) in records.reversed() {
            backward.add(
                kind: "water entry", createdMillis: created, id: id, stamp: stamp, deviceID: device, isDeleted: false)
        }
        #expect(forward.result == backward.result && forward.result.count == 5)
        var edited = DigestAccumulator()
        for (index, (id, stamp, created)) in records.enumerated() {
            edited.add(
                kind: "water entry", createdMillis: created, id: id, stamp: stamp, deviceID: device,
                isDeleted: index == 3)
        }
        #expect(
            SyncDigest.differingBuckets(forward.result, edited.result)
                == [DigestBucket(kind: "water entry", createdMillis: records[3].2)])
        #expect(DigestBucket(kind: "x", createdMillis: -1).day == Fixture.day("1969-12-31"))
    }

    @Test func aBatchTravelsAsABackupShapedDocument() throws {
        let event = Fixture.event("2026-11-22T07:00:00Z", volume: 200)
        let batch = SyncBatch(deviceID: UUID(), through: 42, records: [AnyRecord(event)])
        let data = try BackupCoding.encoder().encode(batch)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"changes\"") && text.contains("\"bathroomEvents\"") && text.contains("\"deviceId\""))
        #expect(try BackupCoding.decoder().decode(SyncBatch.self, from: data) == batch)
        let page = SyncPage(after: 1, through: 9, records: [AnyRecord(event)], purged: [UUID()], hasMore: true)
        #expect(try BackupCoding.decoder().decode(SyncPage.self, from: BackupCoding.encoder().encode(page)) == page)
    }
}
