import Foundation
import TallyCore
import TallyServices
import Testing

@Suite struct BackupTests {
    func populated() async throws -> StoreFixture {
        let fixture = try StoreFixture()
        try await fixture.scope.settings.update([.timeZone: "Europe/Berlin", .bedtime: "22:30"])
        _ = try await fixture.scope.bathroom.log(note: "one", volumeML: 200)
        let two = try await fixture.scope.bathroom.log(
            at: StoreFixture.now.addingTimeInterval(-86_400.5), note: "two\nlines", urgency: 3, leak: true)
        let three = try await fixture.scope.bathroom.log(note: "deleted later")
        try await fixture.scope.bathroom.delete(id: three.id)
        _ = try await fixture.scope.bathroom.update(
            id: two.id, fields: BathroomEventFields(at: two.at, timeZoneID: "Asia/Tokyo", note: "edited"))
        return fixture
    }

    @Test func exportThenImportIntoAnEmptyStoreGivesIdenticalData() async throws {
        let source = try await populated()
        let exported = try await source.scope.backup.exportJSON()
        let target = try StoreFixture()
        let result = try await target.scope.backup.importJSON(exported)
        #expect(result.inserted == 5)
        #expect(try await target.scope.backup.exportJSON() == exported)
        #expect(try await target.scope.backup.export().records(of: BathroomEvent.self).count == 3)
    }

    @Test func importingTheSameFileTwiceChangesNothing() async throws {
        let source = try await populated()
        let exported = try await source.scope.backup.exportJSON()
        let target = try StoreFixture()
        _ = try await target.scope.backup.importJSON(exported)
        let after = try await target.store.changes(owner: LocalUser.id, after: 0, limit: 100).through
        let again = try await target.scope.backup.importJSON(exported)
        #expect(again.inserted == 0 && again.updated == 0 && again.unchanged == 5)
        #expect(try await target.store.changes(owner: LocalUser.id, after: 0, limit: 100).through == after)
    }

    /// A family member's backup, imported into another account on the same server, becomes that account's
    /// copy: the ids they share are no one's business, and the original owner's records stay as they were.
    @Test func anotherPersonsBackupImportsAsMyOwnCopyOnTheSameServer() async throws {
        let fixture = try await populated()
        let exported = try await fixture.scope.backup.exportJSON()
        let mine = UserScope(
            store: fixture.store, owner: UUID(), clock: fixture.scope.clock, machineZone: fixture.scope.machineZone)
        #expect(try await mine.backup.importJSON(exported).inserted == 5)
        #expect(try await fixture.scope.backup.exportJSON() == exported)
        let copy = try await mine.backup.export().records(of: BathroomEvent.self)
        #expect(
            Set(copy.map(\.id))
                == Set(try await fixture.scope.backup.export().records(of: BathroomEvent.self).map(\.id)))
        #expect(copy.allSatisfy { $0.meta.ownerID == mine.owner })
    }

    @Test func exportIsStableAndSorted() async throws {
        let source = try await populated()
        #expect(try await source.scope.backup.exportJSON() == (try await source.scope.backup.exportJSON()))
        let backup = try await source.scope.backup.export()
        #expect(
            backup.records(of: BathroomEvent.self).map(\.at)
                == backup.records(of: BathroomEvent.self).map(\.at).sorted())
    }

    @Test(arguments: [
        "not json", "{}", #"{"format":"other","version":1,"settings":[],"bathroomEvents":[]}"#,
        #"{"format":"tally-backup","version":99,"settings":[],"bathroomEvents":[]}"#,
    ])
    func unreadableBackupChangesNothing(_ text: String) async throws {
        let fixture = try await populated()
        let before = try await fixture.scope.backup.exportJSON()
        await #expect(throws: TallyError.self) { try await fixture.scope.backup.importJSON(Data(text.utf8)) }
        #expect(try await fixture.scope.backup.exportJSON() == before)
    }

    @Test func stampsFromTheFarFutureAreRefused() async throws {
        let source = try await populated()
        let json = String(decoding: try await source.scope.backup.exportJSON(), as: UTF8.self)
        let stamp = try #require(
            try await source.scope.backup.export().records(of: BathroomEvent.self).first?.meta.stamp.description)
        let future = json.replacingOccurrences(of: stamp, with: "9999999999999999-00000")
        let huge = json.replacingOccurrences(of: stamp, with: "0001763800000000-9223372036854775807")
        let target = try StoreFixture()
        for text in [future, huge] {
            await #expect(throws: TallyError.self) { try await target.scope.backup.importJSON(Data(text.utf8)) }
        }
        #expect(try await target.scope.backup.export().records(of: BathroomEvent.self).isEmpty)
        _ = try await target.scope.bathroom.log(note: "still writable")
    }

    @Test func backupWithOneBadRecordImportsNothing() async throws {
        let source = try await populated()
        let backup = try await source.scope.backup.export()
        var events = backup.records(of: BathroomEvent.self)
        events[0].urgency = 7
        let others = backup.allRecords.filter { $0.kind != BathroomEvent.kind }
        let data = try BackupCoding.encoder().encode(TallyBackup(records: others + events.map(AnyRecord.init)))
        let target = try StoreFixture()
        await #expect(throws: TallyError.self) { try await target.scope.backup.importJSON(data) }
        #expect(try await target.scope.backup.export().records(of: BathroomEvent.self).isEmpty)
    }
}
