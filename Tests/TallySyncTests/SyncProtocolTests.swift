import Foundation
import TallyCore
import TallySQLite
import TallyServices
import Testing

/// Two devices and a server: what sync promises, one behaviour at a time.
@Suite struct SyncProtocolTests {
    @Test func settingsMergePerFieldGoalOnOneDeviceUnitOnTheOther() async throws {
        let fixture = try SyncFixture()
        let phone = try await fixture.device()
        let laptop = try await fixture.device(skewHours: -3)
        try await phone.scope.water.setGoal(2_500)
        try await laptop.scope.settings.update([.waterUnit: "oz"])
        try await phone.sync()
        try await laptop.sync()
        try await phone.sync()
        for device in [phone, laptop] {
            #expect(try await device.scope.water.currentGoal() == 2_500)
            #expect(try await device.scope.settings.current().water.unit == .oz)
        }
        #expect(try await phone.scope.backup.exportJSON() == laptop.scope.backup.exportJSON())
    }

    @Test func pulledRecordsAreNotPushedBack() async throws {
        let fixture = try SyncFixture()
        let phone = try await fixture.device()
        let laptop = try await fixture.device()
        _ = try await phone.scope.water.log(amountML: 250, source: .cli)
        #expect(try await phone.sync().pushed == 1)
        let first = try await laptop.sync()
        #expect(first.pushed == 0 && first.pulled == 1 && first.applied == 1)
        #expect(try await laptop.sync().pushed == 0)
    }

    @Test func aDeleteWinsOverALaterEditMadeElsewhere() async throws {
        let fixture = try SyncFixture()
        let phone = try await fixture.device()
        let laptop = try await fixture.device(skewHours: 5)
        let entry = try await phone.scope.water.log(amountML: 250, source: .cli)
        try await phone.sync()
        try await laptop.sync()
        try await phone.scope.water.delete(id: entry.id)
        fixture.advance(hours: 1)
        var fields = entry.fields
        fields.amountML = 500
        _ = try await laptop.scope.water.update(id: entry.id, fields: fields)
        try await laptop.sync()
        try await phone.sync()
        try await laptop.sync()
        for device in [phone, laptop] {
            await #expect(throws: TallyError.self) { try await device.scope.water.entry(id: entry.id) }
        }
    }

    @Test func aClockHoursAheadDoesNotWinOverAChangeMadeAfterSeeingIt() async throws {
        let fixture = try SyncFixture()
        let fast = try await fixture.device(skewHours: 6)
        let slow = try await fixture.device()
        let event = try await fast.scope.bathroom.log(note: "fast")
        try await fast.sync()
        try await slow.sync()
        // The slow device's clock reads six hours earlier, but having received the stamp it orders after it.
        var fields = event.fields
        fields.note = "slow, later"
        let edited = try await slow.scope.bathroom.update(id: event.id, fields: fields)
        #expect(edited.meta.stamp > event.meta.stamp)
        try await slow.sync()
        try await fast.sync()
        #expect(try await fast.scope.bathroom.event(id: event.id).note == "slow, later")
    }

    @Test func aJournalDayWrittenAgainAfterADeleteComesBackEverywhere() async throws {
        let fixture = try SyncFixture()
        let phone = try await fixture.device()
        let laptop = try await fixture.device(skewHours: -4)
        let day = LocalDay("2026-03-01")!
        _ = try await phone.scope.journal.save(on: day, JournalEntryFields(notes: "first"))
        try await phone.sync()
        try await laptop.sync()
        try await phone.scope.journal.delete(on: day)
        try await phone.sync()
        try await laptop.sync()
        #expect(try await laptop.scope.journal.entry(on: day) == nil)
        // The laptop's clock is four hours behind, yet its new entry outranks the deleted one.
        _ = try await laptop.scope.journal.save(on: day, JournalEntryFields(notes: "again"))
        try await laptop.sync()
        try await phone.sync()
        #expect(try await phone.scope.journal.entry(on: day)?.fields.notes == "again")
    }

    /// Found by the 10,000-schedule run (seeds 1744 and 7606). A stamp from a clock an hour ahead holds this
    /// replica's clock in one millisecond, so both lives of the day were created in it, and the tombstone
    /// of the first won the tie everywhere the oracle looked.
    @Test func aDayWrittenAgainWhileTheClockStandsInOneMillisecondKeepsTheLastWriting() async throws {
        let fixture = try SyncFixture()
        let phone = try await fixture.device()
        let ahead = try await fixture.device(skewHours: 1)
        _ = try await ahead.scope.bathroom.log(note: "from a clock an hour ahead")
        try await ahead.sync()
        try await phone.sync()
        let day = LocalDay("2026-02-28")!
        let first = try await phone.scope.journal.save(on: day, JournalEntryFields(notes: "first"))
        try await phone.scope.journal.delete(on: day)
        let again = try await phone.scope.journal.save(on: day, JournalEntryFields(notes: "again"))
        #expect(again.meta.createdAt > first.meta.createdAt)
        var tombstone = first.meta
        tombstone.isDeleted = true
        #expect(MergeOrder.replaces(AnyRecord(again), over: tombstone))
        try await phone.sync()
        try await ahead.sync()
        #expect(try await ahead.scope.journal.entry(on: day)?.fields.notes == "again")
    }

    @Test func loggingInGivesTheLocalRecordsToTheAccountOnce() async throws {
        let store = try SQLiteStore.inMemory()
        let local = UserScope(
            store: store, clock: SkewedClock(time: SimTime(start: SyncSimulation.start), skewMillis: 0),
            machineZone: SyncFixture.zone)
        _ = try await local.water.log(amountML: 250, source: .cli)
        _ = try await local.journal.save(on: LocalDay("2026-03-01")!, JournalEntryFields(notes: "before login"))
        let account = UUID()
        #expect(try await store.adoptOwner(account, replacing: LocalUser.id) == 2)
        #expect(try await store.changes(owner: LocalUser.id, after: 0, limit: 10).records.isEmpty)
        let theirs = try await store.changes(owner: account, after: 0, limit: 10).records
        #expect(theirs.count == 2 && theirs.allSatisfy { $0.meta.ownerID == account })
        #expect(try await store.adoptOwner(account, replacing: LocalUser.id) == 0)
    }

    @Test func reconciliationRepairsDriftTheCursorsMissed() async throws {
        let fixture = try SyncFixture()
        let phone = try await fixture.device()
        _ = try await fixture.serverScope.bathroom.log(note: "on the server")
        try await phone.sync()
        // Drift: a record the phone's cursor has passed but never got (as a bug or a lost page would leave it).
        _ = try await fixture.server.merge(
            [AnyRecord(try await phone.scope.bathroom.log(note: "phone only"))], now: fixture.time.date)
        let sneaked = try await fixture.serverScope.bathroom.log(note: "server only")
        try await phone.store.recordPushed(through: try await phone.store.lastSequence())
        _ = try await phone.store.applyPulled(
            SyncPage(
                after: try await phone.store.syncState()!.pulledThrough,
                through: try await fixture.server.lastSequence(),
                records: [], hasMore: false), owner: fixture.owner, now: fixture.time.date)
        #expect(try await phone.scope.bathroom.today().events.contains { $0.id == sneaked.id } == false)
        let repaired = try await phone.client.reconcile(owner: fixture.owner)
        #expect(repaired >= 1)
        #expect(try await phone.scope.bathroom.today().events.contains { $0.id == sneaked.id })
        #expect(try await phone.client.reconcile(owner: fixture.owner) == 0)
    }
}

extension SimTime {
    var date: Date { Date(millisecondsSince1970: now) }
}
