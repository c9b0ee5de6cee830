import Foundation
import TallyCore
import TallyServices
import TallyStorage
import Testing

/// A day's read costs what it shows, whatever the day holds: a day of more entries than are listed gives
/// its latest ones, newest first, with the count and total of all of them (from the day totals).
@Suite struct BoundedDayReadTests {
    static func meta(_ at: Date, _ index: Int) -> RecordMeta {
        RecordMeta(
            id: UUID(), ownerID: LocalUser.id, createdAt: at, modifiedAt: at, deviceID: UUID(),
            stamp: HLCStamp(millis: at.millisecondsSince1970, counter: index % 100))
    }

    @Test(arguments: Database.available)
    func aCrowdedDayListsItsLatestAndCountsThemAll(_ database: Database) async throws {
        try await database.withStore { subject in
            let scope = subject.scope()
            let zone = StoreUnderTest.zone.identifier
            let count = WaterDay.listed + 57
            var records: [AnyRecord] = []
            // Today in New York, a minute apart from 06:00 (several at one instant), and one yesterday.
            let morning = TimeInput.parseInstant("2026-11-22T06:00:00-05:00")!
            for index in 0..<count {
                let at = morning.addingTimeInterval(Double(index / 3) * 60)
                records.append(
                    AnyRecord(
                        WaterEntry(
                            meta: Self.meta(at, index),
                            fields: WaterEntryFields(at: at, timeZoneID: zone, amountML: Double(index % 7 + 1)),
                            source: .api)))
                records.append(
                    AnyRecord(
                        BathroomEvent(
                            meta: Self.meta(at, index),
                            fields: BathroomEventFields(
                                at: at, timeZoneID: zone, note: nil, volumeML: nil, urgency: nil, leak: false))))
            }
            let yesterday = morning.addingTimeInterval(-86_400)
            records.append(
                AnyRecord(
                    WaterEntry(
                        meta: Self.meta(yesterday, 0),
                        fields: WaterEntryFields(at: yesterday, timeZoneID: zone, amountML: 1_000), source: .api)))
            _ = try await subject.store.merge(records, now: StoreUnderTest.now)

            let water = try await scope.water.today()
            let every = records.compactMap { $0.as(WaterEntry.self) }.filter { $0.at >= morning }
                .sorted { ($0.at, $0.id) > ($1.at, $1.id) }
            #expect(water.day == LocalDay("2026-11-22"))
            #expect(water.count == count)
            #expect(water.isPartial)
            #expect(water.entries.count == WaterDay.listed)
            #expect(Set(water.entries.map(\.id)) == Set(every.prefix(WaterDay.listed).map(\.id)))
            #expect(water.entries.map(\.at) == water.entries.map(\.at).sorted(by: >))
            #expect(water.summary.totalML == every.reduce(0) { $0 + $1.amountML })

            let bathroom = try await scope.bathroom.today()
            #expect(bathroom.count == count)
            #expect(bathroom.events.count == BathroomDay.listed)
            #expect(bathroom.events.map(\.at) == bathroom.events.map(\.at).sorted(by: >))
            // Its history page lists its latest as many as a page holds, and counts them all.
            let history = try await scope.bathroom.history(
                page: 1, paging: HistoryPaging(daysPerPage: 30, eventsPerPage: 100))
            #expect(history.days.map(\.count) == [count])
            #expect(history.days.first?.events.map(\.id) == Array(bathroom.events.prefix(100).map(\.id)))

            // A day of few is listed whole, as before.
            let quiet = try await scope.water.day(LocalDay("2026-11-21")!)
            #expect(quiet.count == 1 && quiet.entries.count == 1 && !quiet.isPartial)
            #expect(quiet.summary.totalML == 1_000)
        }
    }

    /// Entries logged in Tokyo that evening belong to the next day by their own zone, though they lie in the
    /// window read for the day (and are its newest): the day lists its own latest, none of them.
    @Test(arguments: Database.available)
    func aCrowdedDayBeforeEntriesFromAnotherZoneListsItsOwnLatest(_ database: Database) async throws {
        try await database.withStore { subject in
            let scope = subject.scope()
            let zone = StoreUnderTest.zone.identifier
            let morning = TimeInput.parseInstant("2026-11-22T06:00:00-05:00")!
            let count = WaterDay.listed + 20
            var records: [AnyRecord] = (0..<count).map { index in
                let at = morning.addingTimeInterval(Double(index) * 60)
                return AnyRecord(
                    WaterEntry(
                        meta: Self.meta(at, index), fields: WaterEntryFields(at: at, timeZoneID: zone, amountML: 100),
                        source: .api))
            }
            // 20:00 in New York is 10:00 the next morning in Tokyo.
            let evening = TimeInput.parseInstant("2026-11-22T20:00:00-05:00")!
            records += (0..<30).map { index in
                let at = evening.addingTimeInterval(Double(index) * 60)
                return AnyRecord(
                    WaterEntry(
                        meta: Self.meta(at, index),
                        fields: WaterEntryFields(at: at, timeZoneID: "Asia/Tokyo", amountML: 50), source: .api))
            }
            _ = try await subject.store.merge(records, now: StoreUnderTest.now)

            let water = try await scope.water.day(LocalDay("2026-11-22")!)
            let own = records.prefix(count).compactMap { $0.as(WaterEntry.self) }
                .sorted { ($0.at, $0.id) > ($1.at, $1.id) }
            #expect(water.count == count)
            #expect(water.entries.map(\.id) == own.prefix(WaterDay.listed).map(\.id))
            #expect(water.summary.totalML == Double(count) * 100)

            // The day read at once (SQLite: one read transaction) is the day read in three parts, for the
            // crowded day, the next day (the Tokyo entries), an empty day, and under a 04:00 day start
            // (totals kept under midnight: built first), with limits below, at and above what a day holds.
            let window = { (day: LocalDay, boundary: DayBoundary) in
                boundary.window(from: day, to: day, around: StoreUnderTest.zone)
            }
            let late = DayBoundary(dayStart: TimeOfDay(hour: 4, minute: 0)!)
            for boundary in [DayBoundary(), late] {
                for day in ["2026-11-21", "2026-11-22", "2026-11-23"].map({ LocalDay($0)! }) {
                    for limit in [1, 30, WaterDay.listed, count + 50] {
                        // At once first: its first read under 04:00 finds the totals kept under midnight.
                        let once = try await subject.store.waterDay(
                            owner: LocalUser.id, day: day, window: window(day, boundary), boundary: boundary,
                            limit: limit)
                        let parts = try await subject.store.waterDayInParts(
                            owner: LocalUser.id, day: day, window: window(day, boundary), boundary: boundary,
                            limit: limit)
                        #expect(once.latest.map(\.id) == parts.latest.map(\.id), "\(day) \(limit)")
                        #expect(once.total == parts.total && once.goals == parts.goals, "\(day) \(limit)")
                    }
                }
            }
        }
    }

    @Test(arguments: Database.available)
    func pagesOfADayGiveEveryEntryOnceInOrder(_ database: Database) async throws {
        try await database.withStore { subject in
            let scope = subject.scope()
            let zone = StoreUnderTest.zone.identifier
            let morning = TimeInput.parseInstant("2026-11-22T06:00:00-05:00")!
            // Three at each instant: ties are ordered by id across pages too.
            let entries = (0..<130).map { index in
                let at = morning.addingTimeInterval(Double(index / 3) * 60)
                return WaterEntry(
                    meta: Self.meta(at, index),
                    fields: WaterEntryFields(at: at, timeZoneID: zone, amountML: Double(index % 7 + 1)), source: .api)
            }
            _ = try await subject.store.merge(entries.map(AnyRecord.init), now: StoreUnderTest.now)
            let day = LocalDay("2026-11-22")!
            let whole = try await scope.water.entries(from: day, to: day)
            for limit in [1, 7, 50, 130, 1_000] {
                var seen: [UUID] = []
                var before: RecordCursor?
                repeat {
                    let page = try await scope.water.entries(from: day, to: day, limit: limit, before: before)
                    #expect(page.records.count <= limit)
                    #expect(page.count == 130)
                    #expect(page.amountML == entries.reduce(0) { $0 + $1.amountML })
                    seen += page.records.map(\.id)
                    before = page.next
                } while before != nil
                #expect(seen.count == 130 && Set(seen).count == 130, "limit \(limit)")
                #expect(Set(seen) == Set(whole.map(\.id)))
            }
            await #expect(throws: TallyError.self) {
                _ = try await scope.water.entries(from: day, to: day, limit: 0, before: nil)
            }
            #expect(throws: TallyError.self) { _ = try RecordCursor(parsing: "yesterday") }
        }
    }
}
