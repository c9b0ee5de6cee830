import Foundation
import TallyCore
import TallyServices
import TallyStorage
import Testing

/// What every database must do with records: store every kind, hide tombstones, list changes in order,
/// merge by the same rules, refuse what is not the writer's, and keep concurrent writes.
@Suite struct RecordConformanceTests {
    /// One record of every kind, made through the services as a person would.
    static func populate(_ scope: UserScope) async throws {
        _ = try await scope.settings.update([.timeZone: "America/New_York", .wakeTime: "06:45"])
        _ = try await scope.bathroom.log(note: "morning")
        _ = try await scope.water.log(amountML: 250, source: .web)
        _ = try await scope.water.setGoal(2_000)
        let category = try await scope.skills.addCategory(name: "Music", colour: "#112233", icon: "music")
        let skill = try await scope.skills.add(
            SkillDraft(name: "Piano", category: category.id.uuidString, start: LocalDay("2026-11-01")!))
        _ = try await scope.skills.complete(id: skill.id, level: .full, day: LocalDay("2026-11-22")!)
        // A rule that this day's mood (4) does not meet, so it writes no completion of its own.
        try await scope.skillRules.set(SkillRuleDraft(mood: "great"), for: skill.id)
        _ = try await scope.routine.set(.stretch, level: .partial, day: LocalDay("2026-11-22")!)
        _ = try await scope.moments.add(
            title: "First song", day: LocalDay("2026-11-21")!, category: .milestone, skillID: skill.id)
        _ = try await scope.trackers.create(
            .init(
                title: "Holiday", targetDate: TimeInput.parseInstant("2026-12-24T00:00:00-05:00")!,
                timeZoneID: "America/New_York", type: .till))
        _ = try await scope.reminders.create(
            .init(
                title: "Call mum", date: TimeInput.parseInstant("2026-11-25T18:00:00-05:00")!,
                timeZoneID: "America/New_York"))
        _ = try await scope.events.create(
            .init(
                title: "Yoga", startDate: TimeInput.parseInstant("2026-11-23T18:30:00-05:00")!,
                timeZoneID: "America/New_York", recurrenceRule: "FREQ=WEEKLY"))
        _ = try await scope.journal.save(on: LocalDay("2026-11-22")!, .init(notes: "A good day", moodRating: 4))
        _ = try await scope.notificationSettings.update(["waterPerDay": "6"])
        _ = try await scope.water.setGoal(.week, millilitres: 14_000)
        try await scope.settings.update([:], named: [.weekStart: "sunday"])
        try await scope.sleepMarks.mark(SleepMarkDraft(kind: .bed, at: .typed("2026-11-21T23:30")))
    }

    @Test(arguments: Database.available)
    func everyKindIsStoredAndComesBackThroughABackup(_ database: Database) async throws {
        try await database.withStore { source in
            try await Self.populate(source.scope())
            let kinds = Set(try await source.everything().map(\.kind.id))
            #expect(kinds == Set(RecordKinds.all.map { $0.kind.id }))
            let exported = try await source.scope().backup.exportJSON()
            try await database.withStore { target in
                let result = try await target.scope().backup.importJSON(exported)
                #expect(result.inserted == kinds.count + 1)  // two settings
                #expect(try await target.scope().backup.exportJSON() == exported)
                #expect(try await target.scope().backup.importJSON(exported).unchanged == result.inserted)
            }
        }
    }

    @Test(.enabled(if: Database.available.contains(.postgres), "needs TALLY_TEST_POSTGRES_URL"))
    func aBackupMovesFromSQLiteToPostgreSQLUnchanged() async throws {
        try await Database.sqlite.withStore { source in
            try await Self.populate(source.scope())
            let exported = try await source.scope().backup.exportJSON()
            try await Database.postgres.withStore { target in
                _ = try await target.scope().backup.importJSON(exported)
                #expect(try await target.scope().backup.exportJSON() == exported)
            }
        }
    }

    @Test(arguments: Database.available)
    func tombstonesAreHiddenFromReadsButTravelInTheFeed(_ database: Database) async throws {
        try await database.withStore { subject in
            let scope = subject.scope()
            let kept = try await scope.bathroom.log(note: "kept")
            let gone = try await scope.bathroom.log(note: "gone")
            try await scope.bathroom.delete(id: gone.id)
            let day = DateInterval(start: StoreUnderTest.now.addingTimeInterval(-3600), duration: 7200)
            #expect(try await subject.store.bathroomEvents(owner: LocalUser.id, in: day).map(\.id) == [kept.id])
            #expect(try await subject.store.bathroomEvent(id: gone.id, owner: LocalUser.id) == nil)
            let feed = try await subject.everything()
            #expect(feed.count == 2)
            #expect(feed.last?.meta.id == gone.id && feed.last?.meta.isDeleted == true)
        }
    }

    /// A window of time reads the records in it (tombstones when asked for) and nothing outside it, on
    /// every database: an import reads years of history a month at a time through it.
    @Test(arguments: Database.available)
    func aWindowOfTimeReadsOnlyTheRecordsInIt(_ database: Database) async throws {
        try await database.withStore { subject in
            let scope = subject.scope()
            let now = StoreUnderTest.now
            var ids: [Int: UUID] = [:]
            for hours in [-48, -3, -2, -1, 0] {
                let entry = try await scope.water.log(
                    amountML: 200, at: now.addingTimeInterval(Double(hours) * 3600), source: .web)
                ids[hours] = entry.id
            }
            try await scope.water.delete(id: try #require(ids[-2]))
            let low = now.addingTimeInterval(-3 * 3600).millisecondsSince1970
            let window = low...now.addingTimeInterval(-3600).millisecondsSince1970
            let visible = try await subject.store.records(
                WaterEntry.self, owner: LocalUser.id, RecordQuery(searchKeys: window))
            #expect(Set(visible.map(\.id)) == Set([ids[-3], ids[-1]].compactMap { $0 }))
            let all = try await subject.store.records(
                WaterEntry.self, owner: LocalUser.id, RecordQuery(searchKeys: window, includingDeleted: true))
            #expect(Set(all.map(\.id)) == Set([ids[-3], ids[-2], ids[-1]].compactMap { $0 }))
            #expect(all.first { $0.id == ids[-2] }?.meta.isDeleted == true)
        }
    }

    /// A day's window skips entries captured in the person's own zone outside the day, and keeps every
    /// entry of another zone that any zone's day could hold.
    @Test(arguments: Database.available)
    func aDayWindowSkipsOnlyItsOwnZonesEntriesOutsideTheDay(_ database: Database) async throws {
        try await database.withStore { subject in
            let scope = subject.scope()
            let paris = try #require(TimeZone(identifier: "Europe/Paris"))
            let day = try #require(LocalDay("2026-03-29"))  // Paris moves its clocks forward at 02:00
            let window = DayBoundary().window(from: day, to: day, around: paris)
            var expected: Set<UUID> = []
            for (hours, zone, inside) in [
                (-1.0, "Europe/Paris", false), (0.5, "Europe/Paris", true), (22.5, "Europe/Paris", true),
                (23.5, "Europe/Paris", false), (-5.0, "Pacific/Kiritimati", true), (25.0, "Pacific/Honolulu", true),
            ] {
                let at = window.local.start.addingTimeInterval(hours * 3600)
                let entry = try await scope.water.log(amountML: 100, at: at, timeZoneID: zone, source: .web)
                if inside { expected.insert(entry.id) }
            }
            #expect(window.local.duration == 23 * 3600)
            let read = try await subject.store.waterEntries(owner: LocalUser.id, on: window)
            #expect(Set(read.map(\.id)) == expected)
            #expect(read.map(\.at) == read.map(\.at).sorted(by: >))
            // The latest of them, a page at a time, give the same entries in the same order.
            for limit in [1, 2, 3, 10] {
                let latest = try await subject.store.latest(
                    WaterEntry.self, owner: LocalUser.id, in: window.candidates, limit: limit
                ) { window.mayHold($0.at, zoneID: $0.timeZoneID) }
                #expect(latest.map(\.id) == Array(read.map(\.id).prefix(limit)))
            }
        }
    }

    @Test(arguments: Database.available)
    func theChangeFeedPagesInChangeOrder(_ database: Database) async throws {
        try await database.withStore { subject in
            let scope = subject.scope()
            var ids: [UUID] = []
            for note in 0..<7 { ids.append(try await scope.bathroom.log(note: "\(note)").id) }
            var seen: [UUID] = []
            var after: Int64 = 0
            var pages = 0
            while true {
                let page = try await subject.store.changes(owner: LocalUser.id, after: after, limit: 3)
                #expect(page.records.count <= 3)
                seen += page.records.map(\.meta.id)
                after = page.through
                pages += 1
                if !page.hasMore { break }
            }
            #expect(seen == ids)
            #expect(pages == 3)
            #expect(try await subject.store.latestSequence(owner: LocalUser.id) == after)
            #expect(try await subject.store.changes(owner: UUID(), after: 0, limit: 10).records.isEmpty)
        }
    }

    static let phone = UUID()

    /// A water entry made on another replica, stamped `stamp` milliseconds after now.
    static func entry(_ amount: Double, stamp: Int64, id: UUID, deleted: Bool = false) -> AnyRecord {
        let meta = RecordMeta(
            id: id, ownerID: LocalUser.id, createdAt: StoreUnderTest.now, modifiedAt: StoreUnderTest.now,
            deviceID: phone, stamp: HLCStamp(millis: StoreUnderTest.now.millisecondsSince1970 + stamp, counter: 0),
            isDeleted: deleted)
        let fields = WaterEntryFields(at: StoreUnderTest.now, timeZoneID: "UTC", amountML: amount)
        return AnyRecord(WaterEntry(meta: meta, fields: fields, source: .import))
    }

    @Test(arguments: Database.available)
    func mergeKeepsTheWinnerWhateverTheOrder(_ database: Database) async throws {
        try await database.withStore { subject in
            let id = UUID()
            let store = subject.store
            let first = try await store.merge([Self.entry(100, stamp: 1, id: id)], now: StoreUnderTest.now)
            #expect(first.inserted == 1)
            #expect(try await store.merge([Self.entry(300, stamp: 3, id: id)], now: StoreUnderTest.now).updated == 1)
            #expect(try await store.merge([Self.entry(200, stamp: 2, id: id)], now: StoreUnderTest.now).unchanged == 1)
            #expect(try await store.waterEntry(id: id, owner: LocalUser.id)?.amountML == 300)
            // A delete wins over a later edit, and merging it again changes nothing.
            #expect(
                try await store.merge([Self.entry(300, stamp: 1, id: id, deleted: true)], now: StoreUnderTest.now)
                    .updated == 1)
            #expect(try await store.merge([Self.entry(900, stamp: 9, id: id)], now: StoreUnderTest.now).unchanged == 1)
            #expect(try await store.waterEntry(id: id, owner: LocalUser.id) == nil)
        }
    }

    @Test(arguments: Database.available)
    func aNaturalKeyHoldsOneRecordWhicheverReplicaMadeIt(_ database: Database) async throws {
        try await database.withStore { subject in
            let scope = subject.scope()
            let day = LocalDay("2026-11-22")!
            let mine = try await scope.journal.save(on: day, .init(notes: "mine", moodRating: 3))
            var theirs = mine
            theirs.meta.id = UUID()
            theirs.meta.deviceID = UUID()
            theirs.meta.stamp = HLCStamp(millis: mine.meta.stamp.millis + 1, counter: 0)
            theirs.fields.notes = "theirs"
            #expect(try await subject.store.merge([AnyRecord(theirs)], now: StoreUnderTest.now).updated == 1)
            let stored = try await subject.store.journalEntry(owner: LocalUser.id, day: day, includingDeleted: true)
            #expect(stored?.meta.id == theirs.meta.id && stored?.fields.notes == "theirs")
            #expect(try await subject.everything().count == 1)
        }
    }

    /// A batch larger than one statement takes (PostgreSQL writes its rows in batches), with records that
    /// come twice and two copies of a natural key among them, stores what merging them one by one would.
    @Test(arguments: Database.available)
    func aLargeBatchStoresWhatMergingEachInTurnWould(_ database: Database) async throws {
        try await database.withStore { subject in
            let day = LocalDay("2026-11-22")!
            let mine = try await subject.scope().journal.save(on: day, .init(notes: "mine", moodRating: 3))
            func copy(_ notes: String, after millis: Int64) -> AnyRecord {
                var copy = mine
                copy.meta.id = UUID()
                copy.meta.deviceID = Self.phone
                copy.meta.stamp = HLCStamp(millis: mine.meta.stamp.millis + millis, counter: 0)
                copy.fields.notes = notes
                return AnyRecord(copy)
            }
            let ids = (0..<1_100).map { _ in UUID() }
            var batch = ids.map { Self.entry(100, stamp: 1, id: $0) }
            batch.insert(copy("first copy", after: 1), at: 450)
            batch += ids.prefix(100).map { Self.entry(200, stamp: 2, id: $0) }
            batch.insert(copy("second copy", after: 2), at: 1_000)
            batch += ids.suffix(3).map { Self.entry(300, stamp: 3, id: $0, deleted: true) }
            _ = try await subject.store.merge(batch, now: StoreUnderTest.now)

            let stored = try await subject.everything()
            #expect(stored.count == 1_101)
            let amounts = Dictionary(
                uniqueKeysWithValues: stored.compactMap { $0.as(WaterEntry.self) }.map { ($0.id, $0.amountML) })
            #expect(ids.prefix(100).allSatisfy { amounts[$0] == 200 })
            #expect(ids.dropFirst(100).dropLast(3).allSatisfy { amounts[$0] == 100 })
            for id in ids.suffix(3) { #expect(try await subject.store.waterEntry(id: id, owner: LocalUser.id) == nil) }
            let journal = try await subject.store.journalEntry(owner: LocalUser.id, day: day, includingDeleted: true)
            #expect(journal?.fields.notes == "second copy")
        }
    }

    /// A later copy of my event under someone else's name is their record, not a change of mine.
    @Test(arguments: Database.available)
    func aCopyUnderSomeoneElsesNameIsTheirsAndChangesNothingOfMine(_ database: Database) async throws {
        try await database.withStore { subject in
            let event = try await subject.scope().bathroom.log(note: "mine")
            var theirs = event
            theirs.meta.ownerID = UUID()
            theirs.meta.stamp = HLCStamp(millis: event.meta.stamp.millis + 5, counter: 0)
            theirs.note = "theirs"
            let before = try await subject.everything()
            #expect(try await subject.store.merge([AnyRecord(theirs)], now: StoreUnderTest.now).inserted == 1)
            #expect(try await subject.everything() == before)
            #expect(try await subject.everything(of: theirs.meta.ownerID) == [AnyRecord(theirs)])
        }
    }

    @Test(arguments: Database.available)
    func severalSettingsAreWrittenInOneTransaction(_ database: Database) async throws {
        try await database.withStore { subject in
            let scope = subject.scope()
            let before = try await subject.store.latestSequence(owner: LocalUser.id)
            _ = try await scope.settings.update([.bedtime: "22:30", .wakeTime: "06:45", .waterUnit: "oz"])
            let settings = try await subject.store.settings(owner: LocalUser.id)
            #expect(settings.map(\.key) == [.bedtime, .wakeTime, .waterUnit].sorted { $0.rawValue < $1.rawValue })
            #expect(try await subject.store.latestSequence(owner: LocalUser.id) == before + 3)
        }
    }

    @Test(arguments: Database.available)
    func concurrentWritersLoseNothing(_ database: Database) async throws {
        try await database.withTwoStores { first, second in
            let writers = 8
            let each = 25
            try await withThrowingTaskGroup(of: Void.self) { group in
                for writer in 0..<writers {
                    let subject = writer.isMultiple(of: 2) ? first : second
                    group.addTask {
                        let scope = subject.scope()
                        for index in 0..<each { _ = try await scope.bathroom.log(note: "\(writer)-\(index)") }
                    }
                }
                try await group.waitForAll()
            }
            let records = try await first.everything()
            #expect(records.count == writers * each)
            #expect(Set(records.map(\.meta.id)).count == writers * each)
            let sequence = try await first.store.latestSequence(owner: LocalUser.id)
            #expect(sequence == Int64(writers * each))
            #expect(try await second.everything() == records)
        }
    }
}
