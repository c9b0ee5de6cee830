import Foundation
import TallyCore
import TallyServices
import TallyStorage
import Testing

/// What every database must do with per-day totals: build them on the first read, keep them through every
/// write, edit, delete and merge, rebuild them under a new day boundary, page them, and always agree with
/// the totals recomputed from the entries.
@Suite struct DayTotalConformanceTests {
    static func at(_ text: String) -> Date { TimeInput.parseInstant(text)! }

    /// Water per day as the store keeps it, by day.
    static func water(_ scope: UserScope, _ boundary: DayBoundary = DayBoundary()) async throws -> [String: Double] {
        let totals = try await scope.store.dayTotals(owner: scope.owner, boundary: boundary, DayTotalQuery(.water))
        return Dictionary(uniqueKeysWithValues: totals.map { ($0.day.description, $0.amountML) })
    }

    static func bathroom(_ scope: UserScope, _ boundary: DayBoundary = DayBoundary()) async throws -> [String: Int] {
        let totals = try await scope.store.dayTotals(owner: scope.owner, boundary: boundary, DayTotalQuery(.bathroom))
        return Dictionary(uniqueKeysWithValues: totals.map { ($0.day.description, $0.count) })
    }

    static func expectNoDifference(_ scope: UserScope) async throws {
        let check = try await DayTotalsCheck.run(in: scope)
        #expect(check.differences.isEmpty, "\(check.differences)")
    }

    @Test(arguments: Database.available)
    func totalsFollowEveryChangeAndAgreeWithTheEntries(_ database: Database) async throws {
        try await database.withStore { subject in
            let scope = subject.scope()
            _ = try await scope.settings.update([.timeZone: "America/New_York"])
            let early = try await scope.water.log(amountML: 250, at: Self.at("2026-11-22T02:30:00-05:00"), source: .web)
            _ = try await scope.water.log(amountML: 300.5, at: Self.at("2026-11-21T12:00:00-05:00"), source: .web)
            let pee = try await scope.bathroom.log(at: Self.at("2026-11-22T08:00:00-05:00"))
            _ = try await scope.bathroom.log(at: Self.at("2026-11-20T08:00:00-05:00"))
            // The first read builds them...
            #expect(try await Self.water(scope) == ["2026-11-21": 300.5, "2026-11-22": 250])
            #expect(try await Self.bathroom(scope) == ["2026-11-20": 1, "2026-11-22": 1])

            // ...and every change keeps them: a log, an edit moving an entry to another day, a delete, a merge.
            _ = try await scope.water.log(amountML: 100, source: .web)
            var moved = early.fields
            moved.amountML = 200
            moved.at = Self.at("2026-11-20T23:00:00-05:00")
            _ = try await scope.water.update(id: early.id, fields: moved)
            try await scope.bathroom.delete(id: pee.id)
            let stamp = try await subject.store.currentStamp(owner: LocalUser.id)
            let merged = WaterEntry(
                meta: RecordMeta(
                    id: UUID(), ownerID: LocalUser.id, createdAt: StoreUnderTest.now, modifiedAt: StoreUnderTest.now,
                    deviceID: UUID(), stamp: HLCStamp(millis: stamp.millis, counter: stamp.counter + 1)),
                fields: WaterEntryFields(
                    at: Self.at("2026-11-21T20:00:00+09:00"), timeZoneID: "Asia/Tokyo", amountML: 0.25),
                source: .api)
            #expect(try await subject.store.merge([AnyRecord(merged)], now: StoreUnderTest.now).inserted == 1)
            #expect(try await Self.water(scope) == ["2026-11-20": 200, "2026-11-21": 300.75, "2026-11-22": 100])
            #expect(try await Self.bathroom(scope) == ["2026-11-20": 1])
            try await Self.expectNoDifference(scope)

            // A day starting at 04:00 puts 02:30 on the day before: the totals are rebuilt under it.
            _ = try await scope.water.log(amountML: 50, at: Self.at("2026-11-22T03:00:00-05:00"), source: .web)
            let late = DayBoundary(dayStart: TimeOfDay(hour: 4, minute: 0)!)
            #expect(try await Self.water(scope, late) == ["2026-11-20": 200, "2026-11-21": 350.75, "2026-11-22": 100])
            _ = try await scope.settings.update([.dayStart: "04:00"])
            try await Self.expectNoDifference(scope)
            #expect(try await scope.water.stats().totalML == 650.75)

            // They go with the person.
            try await subject.store.deleteUser(id: LocalUser.id)
            let left = try await subject.store.storedDayTotals(owner: LocalUser.id)
            #expect(left.boundary == nil && left.totals.isEmpty)
        }
    }

    @Test(arguments: Database.available)
    func mergedEditsAndDeletesOfStoredEntriesKeepTheTotals(_ database: Database) async throws {
        try await database.withStore { subject in
            let scope = subject.scope()
            _ = try await scope.settings.update([.timeZone: "America/New_York"])
            let device = UUID()
            var stamp = HLCStamp.zero
            func stamped<Record: SyncedRecord>(_ record: Record) -> AnyRecord {
                var copy = record
                stamp = HLCStamp(millis: stamp.millis, counter: stamp.counter + 1)
                copy.meta.stamp = stamp
                copy.meta.deviceID = device
                return AnyRecord(copy)
            }
            func log(_ amount: Double, _ at: String) async throws -> WaterEntry {
                try await scope.water.log(amountML: amount, at: Self.at(at), source: .web)
            }
            let moved = try await log(100, "2026-11-20T09:00:00-05:00")
            let resized = try await log(200, "2026-11-20T10:00:00-05:00")
            let deleted = try await log(300, "2026-11-21T10:00:00-05:00")
            let twice = try await log(400, "2026-11-21T11:00:00-05:00")
            let visit = try await scope.bathroom.log(at: Self.at("2026-11-20T08:00:00-05:00"))
            #expect(try await Self.water(scope) == ["2026-11-20": 300, "2026-11-21": 700])
            stamp = try await subject.store.currentStamp(owner: LocalUser.id)

            var batch: [AnyRecord] = []
            var edit = moved
            edit.fields.at = Self.at("2026-11-22T09:00:00-05:00")
            batch.append(stamped(edit))
            edit = resized
            edit.fields.amountML = 250
            batch.append(stamped(edit))
            edit = deleted
            edit.meta.isDeleted = true
            batch.append(stamped(edit))
            // The same entry twice in the batch: its stored copy goes once, its last copy counts.
            edit = twice
            edit.fields.amountML = 450
            batch.append(stamped(edit))
            edit.fields.at = Self.at("2026-11-22T11:00:00-05:00")
            batch.append(stamped(edit))
            var movedVisit = visit
            movedVisit.fields.at = Self.at("2026-11-21T08:00:00-05:00")
            batch.append(stamped(movedVisit))
            let result = try await subject.store.merge(batch, now: StoreFixture.now)
            #expect(result.updated == 6)
            #expect(try await Self.water(scope) == ["2026-11-20": 250, "2026-11-22": 550])
            #expect(try await Self.bathroom(scope) == ["2026-11-21": 1])
            try await Self.expectNoDifference(scope)
        }
    }

    @Test(arguments: Database.available)
    func pagesOfDaysComeNewestFirst(_ database: Database) async throws {
        try await database.withStore { subject in
            let scope = subject.scope()
            _ = try await scope.settings.update([.timeZone: "America/New_York"])
            for day in 1...9 where day != 5 {
                _ = try await scope.bathroom.log(at: Self.at("2026-11-0\(day)T09:00:00-05:00"))
                _ = try await scope.bathroom.log(at: Self.at("2026-11-0\(day)T21:00:00-05:00"))
            }
            let page = DayTotalQuery(.bathroom, newestFirst: true, limit: 3, offset: 3)
            let days = try await subject.store.dayTotals(owner: LocalUser.id, boundary: DayBoundary(), page)
            #expect(days.map(\.day.description) == ["2026-11-06", "2026-11-04", "2026-11-03"])
            #expect(days.map(\.count) == [2, 2, 2])
            let second = try await scope.bathroom.history(page: 2, paging: HistoryPaging(daysPerPage: 3))
            #expect(second.days.map(\.day.description) == ["2026-11-06", "2026-11-04", "2026-11-03"])
            #expect(second.days.map(\.events.count) == [2, 2, 2] && second.hasOlder)
            let last = try await scope.bathroom.history(page: 3, paging: HistoryPaging(daysPerPage: 3))
            #expect(last.days.map(\.day.description) == ["2026-11-02", "2026-11-01"] && !last.hasOlder)
            #expect(try await scope.bathroom.history(page: 4, paging: HistoryPaging(daysPerPage: 3)).days.isEmpty)
        }
    }
}
