import Foundation
import TallyCore
import TallyServices
import Testing

/// The water service over a real SQLite file: what is stored, what reads see, undo, the goal history.
@Suite struct WaterStoreTests {
    @Test func entriesRoundTripThroughTheFileAndReadsHideDeletes() async throws {
        let fixture = try StoreFixture()
        let water = fixture.scope.water
        let tea = try await water.log(amountML: 236.588, drinkKind: "  Tea ", source: .web)
        #expect(tea.amountML == 236.59 && tea.drinkKind == "Tea" && tea.source == .web)
        let gone = try await water.log(amountML: 500, source: .cli)
        try await water.delete(id: gone.id)
        let reopened = try fixture.reopened()
        let today = try await reopened.water.today()
        #expect(today.entries.map(\.id) == [tea.id])
        #expect(today.summary.totalML == 236.59)
        await #expect(throws: TallyError.notFound(kind: "water entry", id: gone.id.uuidString)) {
            try await reopened.water.entry(id: gone.id)
        }
        // The tombstone is still there for sync.
        let changes = try await fixture.store.changes(owner: LocalUser.id, after: 0, limit: 10).records
        #expect(changes.contains { $0.meta.id == gone.id && $0.meta.isDeleted })
    }

    @Test func badInputChangesNothing() async throws {
        let fixture = try StoreFixture()
        let water = fixture.scope.water
        _ = try await water.log(amountML: 250, source: .api)
        try await water.setGoal(2_500)
        let before = try await fixture.scope.backup.exportJSON()
        for amount in [0, -5, 5_000.5, .nan] {
            await #expect(throws: TallyError.self) { _ = try await water.log(amountML: amount, source: .api) }
        }
        await #expect(throws: TallyError.self) { try await water.setGoal(0) }
        await #expect(throws: TallyError.self) {
            _ = try await water.log(amountML: 250, timeZoneID: "Mars/Olympus", source: .api)
        }
        #expect(try await fixture.scope.backup.exportJSON() == before)
    }

    @Test func undoTakesBackTheLastAddOnlyOnce() async throws {
        let fixture = try StoreFixture()
        let water = fixture.scope.water
        let first = try await water.log(amountML: 250, source: .web)
        // Added last, though drunk earlier: undo goes by when it was added.
        let second = try await water.log(
            amountML: 500, at: StoreFixture.now.addingTimeInterval(-3_600), source: .web)
        await #expect(throws: TallyError.self) { _ = try await water.undo(expected: first.id) }
        #expect(try await water.undo(expected: second.id).id == second.id)
        await #expect(throws: TallyError.self) { _ = try await water.undo(expected: second.id) }
        #expect(try await water.today().entries.map(\.id) == [first.id])
        #expect(try await water.undo().id == first.id)
        await #expect(throws: TallyError.self) { _ = try await water.undo() }
    }

    @Test func raisingTheGoalTodayLeavesEarlierDaysJudgedByTheirOwn() async throws {
        let yesterday = StoreFixture.now.addingTimeInterval(-86_400)
        let earlier = try StoreFixture(now: yesterday)
        try await earlier.scope.water.setGoal(1_500)
        _ = try await earlier.scope.water.log(amountML: 1_600, source: .cli)
        let today = UserScope(
            store: earlier.store, clock: FixedClock(StoreFixture.now), machineZone: earlier.scope.machineZone)
        try await today.water.setGoal(3_000)
        try await today.water.setGoal(3_200)  // a second change the same day replaces the first
        #expect(try await today.store.waterGoals(owner: LocalUser.id).count == 2)
        #expect(try await today.water.day(LocalDay("2026-11-21")!).summary.goalML == 1_500)
        #expect(try await today.water.day(LocalDay("2026-11-21")!).summary.isGoalMet)
        #expect(try await today.water.currentGoal() == 3_200)
        let stats = try await today.water.stats()
        #expect(stats.daysMet == 1 && stats.currentStreak == 1)
    }

    @Test func calendarAndRangeReadFromTheFile() async throws {
        let fixture = try StoreFixture()
        let water = fixture.scope.water
        for day in 1...21 {
            let at = TimeInput.parseISO(String(format: "2026-11-%02dT12:00:00-05:00", day), zone: .gmt)!
            _ = try await water.log(amountML: day.isMultiple(of: 2) ? 2_000 : 1_000, at: at, source: .cli)
        }
        let month = try await water.month(year: 2026, month: 11)
        #expect(month.daysMet == 10 && month.totalML == 31_000)
        let range = try await water.range(from: LocalDay("2026-11-15")!, to: LocalDay("2026-11-21")!)
        #expect(range.daysMet == 3 && range.totalML == 10_000)
        await #expect(throws: TallyError.self) {
            _ = try await water.range(from: LocalDay("2026-11-21")!, to: LocalDay("2026-11-15")!)
        }
        let entries = try await water.entries(from: LocalDay("2026-11-20")!, to: LocalDay("2026-11-21")!)
        #expect(entries.map(\.amountML) == [1_000, 2_000])
    }

    @Test func backupCarriesWaterAndAnOlderBackupWithoutItStillImports() async throws {
        let fixture = try StoreFixture()
        _ = try await fixture.scope.water.log(amountML: 330, drinkKind: "Sparkling", source: .web)
        try await fixture.scope.water.setGoal(2_200)
        try await fixture.scope.settings.update([.waterUnit: "oz", .waterPresets: "236.59,473.18,709.76"])
        let exported = try await fixture.scope.backup.exportJSON()
        let target = try StoreFixture()
        _ = try await target.scope.backup.importJSON(exported)
        #expect(try await target.scope.backup.exportJSON() == exported)
        #expect(try await target.scope.water.currentGoal() == 2_200)
        #expect(try await target.scope.settings.current().water.presetsML == [236.59, 473.18, 709.76])

        let older = #"{"format":"tally-backup","version":1,"settings":[],"bathroomEvents":[]}"#
        let result = try await target.scope.backup.importJSON(Data(older.utf8))
        #expect(result.inserted == 0)
    }
}
