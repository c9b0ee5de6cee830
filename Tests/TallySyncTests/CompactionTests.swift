import Foundation
import TallyCore
import TallySQLite
import TallyServices
import Testing

/// Tombstones are compacted once every device has them (or after the retention), never coming back;
/// a device whose cursor is older than the forgotten markers resyncs in full.
@Suite struct CompactionTests {
    @Test func aTombstoneIsCompactedOnlyOnceEveryDeviceHasIt() async throws {
        let fixture = try SyncFixture()
        let phone = try await fixture.device()
        let laptop = try await fixture.device()
        let entry = try await phone.scope.water.log(amountML: 250, source: .cli)
        try await phone.sync()
        try await laptop.sync()
        try await phone.scope.water.delete(id: entry.id)
        try await phone.sync()
        try await phone.sync()
        // The laptop has not acknowledged the delete: the tombstone stays.
        #expect(try await fixture.service.compact(owner: fixture.owner) == 0)
        try await laptop.sync()
        try await laptop.sync()
        let purged = try await fixture.server.changes(owner: fixture.owner, after: 0, limit: 100).purged
        #expect(purged == [entry.id])
        try await phone.sync()
        let server = try await fixture.serverScope.backup.exportJSON()
        #expect(try await phone.scope.backup.exportJSON() == server)
        #expect(try await laptop.scope.backup.exportJSON() == server)
        #expect(!String(decoding: server, as: UTF8.self).contains(entry.id.uuidString))
    }

    @Test func aDeviceOfflineLongerThanTheRetentionLearnsOfTheDeleteAndCannotBringItBack() async throws {
        let fixture = try SyncFixture()
        fixture.service.retention = 3_600
        let phone = try await fixture.device()
        let laptop = try await fixture.device()
        let entry = try await phone.scope.water.log(amountML: 250, source: .cli)
        try await phone.sync()
        try await laptop.sync()
        try await phone.scope.water.delete(id: entry.id)
        try await phone.sync()
        // The laptop is offline for a day and edits the entry meanwhile.
        fixture.advance(hours: 24)
        var fields = entry.fields
        fields.amountML = 750
        _ = try await laptop.scope.water.update(id: entry.id, fields: fields)
        #expect(try await fixture.service.compact(owner: fixture.owner) == 1)
        let summary = try await laptop.sync()
        #expect(summary.purged == 1)
        await #expect(throws: TallyError.self) { try await laptop.scope.water.entry(id: entry.id) }
        await #expect(throws: TallyError.self) { try await fixture.serverScope.water.entry(id: entry.id) }
        #expect(try await laptop.scope.backup.exportJSON() == fixture.serverScope.backup.exportJSON())
    }

    @Test func aDeviceBehindTheHorizonResyncsDroppingWhatWasDeletedKeepingWhatItMade() async throws {
        let fixture = try SyncFixture()
        fixture.service.retention = 3_600
        fixture.service.markerRetention = 2 * 86_400
        let phone = try await fixture.device()
        let tablet = try await fixture.device()
        let kept = try await phone.scope.bathroom.log(note: "kept")
        let gone = try await phone.scope.bathroom.log(note: "gone")
        try await phone.sync()
        try await tablet.sync()
        try await phone.scope.bathroom.delete(id: gone.id)
        try await phone.sync()
        // The tablet is away for a week: the tombstone is compacted and then its marker forgotten.
        fixture.advance(hours: 7 * 24)
        let made = try await tablet.scope.bathroom.log(note: "made offline")
        try await phone.sync()
        fixture.advance(hours: 3 * 24)
        try await phone.sync()
        #expect(try await fixture.server.horizon(owner: fixture.owner) > 0)
        let summary = try await tablet.sync()
        #expect(summary.resynced && summary.removed == 1 && summary.pushed == 1)
        #expect(try await tablet.store.syncState()?.resyncPending == false)
        let ids = Set(
            try await tablet.scope.bathroom.events(from: LocalDay("2026-02-01")!, to: LocalDay("2026-04-01")!).map(\.id)
        )
        #expect(ids == [kept.id, made.id])
        #expect(try await tablet.scope.backup.exportJSON() == fixture.serverScope.backup.exportJSON())
        #expect(try await tablet.sync().resynced == false)
    }
}
