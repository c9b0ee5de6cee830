import Foundation
import TallyCore
import TallySQLite
import TallyServices
import TallyStorage
import Testing

@Suite struct SQLiteStoreTests {
    @Test func loggedEventIsReadBackWithItsSyncFields() async throws {
        let fixture = try StoreFixture()
        let event = try await fixture.scope.bathroom.log(note: "after coffee", volumeML: 300, urgency: 2, leak: true)
        let read = try await fixture.scope.bathroom.event(id: event.id)
        #expect(read == event)
        #expect(read.meta.ownerID == LocalUser.id)
        #expect(read.meta.deviceID == fixture.store.deviceID)
        #expect(read.meta.stamp > .zero)
        #expect(read.timeZoneID == "America/New_York")
    }

    @Test func tombstonesAreHiddenFromReadsButListedAsChanges() async throws {
        let fixture = try StoreFixture()
        let kept = try await fixture.scope.bathroom.log(note: "kept")
        let gone = try await fixture.scope.bathroom.log(note: "gone")
        try await fixture.scope.bathroom.delete(id: gone.id)

        #expect(try await fixture.scope.bathroom.today().events.map(\.id) == [kept.id])
        await #expect(throws: TallyError.notFound(kind: "bathroom event", id: gone.id.uuidString)) {
            try await fixture.scope.bathroom.event(id: gone.id)
        }
        await #expect(throws: TallyError.self) { try await fixture.scope.bathroom.delete(id: gone.id) }
        let changes = try await fixture.store.changes(owner: LocalUser.id, after: 0, limit: 100)
        let tombstone = changes.records.first { $0.meta.id == gone.id }
        #expect(tombstone?.meta.isDeleted == true)
    }

    @Test func changeFeedPagesInOrderAcrossKinds() async throws {
        let fixture = try StoreFixture()
        for minute in 0..<5 {
            _ = try await fixture.scope.bathroom.log(
                at: StoreFixture.now.addingTimeInterval(TimeInterval(-minute * 60)))
        }
        try await fixture.scope.settings.update([.bedtime: "22:30"])
        var seen: [UUID] = []
        var after: Int64 = 0
        var pages = 0
        while true {
            let page = try await fixture.store.changes(owner: LocalUser.id, after: after, limit: 2)
            seen += page.records.map(\.meta.id)
            after = page.through
            pages += 1
            if !page.hasMore { break }
        }
        #expect(seen.count == 6 && Set(seen).count == 6)
        #expect(pages == 3)
        let none = try await fixture.store.changes(owner: LocalUser.id, after: after, limit: 2)
        #expect(none.records.isEmpty && !none.hasMore)
    }

    @Test func stampsIncreaseWithEveryWriteEvenWhenTheClockStandsStill() async throws {
        let fixture = try StoreFixture()
        let first = try await fixture.scope.bathroom.log()
        let second = try await fixture.scope.bathroom.log()
        #expect(first.meta.stamp < second.meta.stamp)
    }

    @Test func twoProcessesShareOneDataDirectory() async throws {
        let fixture = try StoreFixture()
        let other = try fixture.reopened()
        let fromCLI = try await fixture.scope.bathroom.log(note: "cli")
        let fromServer = try await other.bathroom.log(note: "server")
        #expect(Set(try await other.bathroom.today().events.map(\.id)) == [fromCLI.id, fromServer.id])
        #expect(Set(try await fixture.scope.bathroom.today().events.map(\.id)) == [fromCLI.id, fromServer.id])
        #expect(fromServer.meta.stamp > fromCLI.meta.stamp)
    }

    @Test func settingsPersistAndABadValueChangesNothing() async throws {
        let fixture = try StoreFixture()
        try await fixture.scope.settings.update([.timeZone: "Europe/Berlin", .dayStart: "04:00"])
        await #expect(throws: TallyError.self) {
            try await fixture.scope.settings.update([.bedtime: "22:00", .wakeTime: "7am"])
        }
        let settings = try await fixture.reopened().settings.current()
        #expect(settings.timeZoneID == "Europe/Berlin")
        #expect(settings.dayStart == TimeOfDay(hour: 4, minute: 0))
        #expect(settings.bedtime == TimeOfDay(hour: 23, minute: 0))
    }

    @Test func dayQueriesFollowTheUsersDayStartAndTheEventsOwnZone() async throws {
        let fixture = try StoreFixture()
        try await fixture.scope.settings.update([.dayStart: "04:00"])
        let late = try await fixture.scope.bathroom.log(at: TimeInput.parseISO("2026-11-22T02:00:00-05:00", zone: .gmt))
        let tokyo = try await fixture.scope.bathroom.log(
            at: TimeInput.parseISO("2026-11-21T12:00:00+09:00", zone: .gmt), timeZoneID: "Asia/Tokyo")
        let day = try await fixture.scope.bathroom.events(from: LocalDay("2026-11-21")!, to: LocalDay("2026-11-21")!)
        #expect(Set(day.map(\.id)) == [late.id, tokyo.id])
        #expect(try await fixture.scope.bathroom.today().events.isEmpty)
    }
}
