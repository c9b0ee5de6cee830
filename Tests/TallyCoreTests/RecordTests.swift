import Foundation
import Testing

@testable import TallyCore

@Suite struct RecordTests {
    func meta(stamp: HLCStamp, device: String, deleted: Bool = false) -> RecordMeta {
        let now = Fixture.instant("2026-11-22T08:00:00Z")
        return RecordMeta(
            id: UUID(uuidString: "11111111-1111-1111-1111-111111111111")!, ownerID: LocalUser.id, createdAt: now,
            modifiedAt: now, deviceID: UUID(uuidString: device)!, stamp: stamp, isDeleted: deleted)
    }

    let a = "AAAAAAAA-0000-0000-0000-000000000000"
    let b = "BBBBBBBB-0000-0000-0000-000000000000"

    @Test func laterStampWins() {
        let old = meta(stamp: HLCStamp(millis: 10, counter: 0), device: b)
        let new = meta(stamp: HLCStamp(millis: 10, counter: 1), device: a)
        #expect(old.isSuperseded(by: new))
        #expect(!new.isSuperseded(by: old))
    }

    @Test func tieGoesToTheGreaterDevice() {
        let fromA = meta(stamp: HLCStamp(millis: 10, counter: 0), device: a)
        let fromB = meta(stamp: HLCStamp(millis: 10, counter: 0), device: b)
        #expect(fromA.isSuperseded(by: fromB))
        #expect(!fromB.isSuperseded(by: fromA))
        #expect(!fromA.isSuperseded(by: fromA))
    }

    @Test func deleteWinsOverAnyEdit() {
        let deleted = meta(stamp: HLCStamp(millis: 10, counter: 0), device: a, deleted: true)
        let laterEdit = meta(stamp: HLCStamp(millis: 99, counter: 0), device: b)
        #expect(!deleted.isSuperseded(by: laterEdit))
        #expect(laterEdit.isSuperseded(by: deleted))
    }

    @Test func clockNeverGoesBackwards() {
        let last = HLCStamp(millis: 5_000, counter: 3)
        #expect(HLCStamp.next(after: last, now: Date(timeIntervalSince1970: 1)) == HLCStamp(millis: 5_000, counter: 4))
        #expect(HLCStamp.next(after: last, now: Date(timeIntervalSince1970: 6)) == HLCStamp(millis: 6_000, counter: 0))
    }

    @Test func stampTextSortsLikeTheStamp() {
        let stamps = [
            HLCStamp(millis: 9, counter: 10), HLCStamp(millis: 10, counter: 0),
            HLCStamp(millis: 1_763_800_000_000, counter: 2),
        ]
        #expect(stamps.map(\.description).sorted() == stamps.map(\.description))
        #expect(stamps.map { HLCStamp($0.description) } == stamps)
    }

    @Test func settingsReadFromRecordsAndRefuseBadValues() throws {
        var settings = UserSettings.defaults
        try settings.apply(.timeZone, "Europe/Berlin")
        try settings.apply(.dayStart, "04:00")
        #expect(settings.zone(machine: Fixture.utc) == Fixture.berlin)
        #expect(settings.boundary.dayStart == Fixture.time("04:00"))
        #expect(throws: TallyError.self) { try settings.apply(.bedtime, "25:00") }
        #expect(throws: TallyError.self) { try settings.apply(.timeZone, "Nowhere/City") }
        try settings.apply(.timeZone, "")
        #expect(settings.zone(machine: Fixture.newYork) == Fixture.newYork)
    }
}
