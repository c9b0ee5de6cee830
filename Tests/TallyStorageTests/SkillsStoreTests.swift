import Foundation
import TallyCore
import TallyServices
import Testing

/// The skills, routine and moments services over a real SQLite file.
@Suite struct SkillsStoreTests {
    /// Sunday 22 November 2026 in New York.
    static var today: LocalDay { LocalDay("2026-11-22")! }

    func sequence(_ fixture: StoreFixture) async throws -> Int64 {
        try await fixture.store.changes(owner: LocalUser.id, after: 0, limit: 10_000).through
    }

    @Test func skillsRoundTripThroughTheFileWithEditArchiveAndDelete() async throws {
        let fixture = try StoreFixture()
        let skills = fixture.scope.skills
        let piano = try await skills.add(
            SkillDraft(
                name: " Piano ", category: "Creative Skills", frequency: "mon,wed,fri", days: 30, targetAmount: 20,
                targetUnit: "minutes", rollover: true, reviewReminder: true))
        #expect(piano.name == "Piano" && piano.fields.category == "creative-skills")
        #expect(piano.fields.startDay == Self.today && piano.fields.endDay == LocalDay("2026-12-21"))
        var draft = SkillDraft(piano)
        draft.frequency = "3/week"
        let edited = try await skills.update(id: piano.id, draft)
        #expect(edited.frequency == .timesPerWeek(3) && edited.fields.challengeDays == 30)
        let chess = try await skills.add(SkillDraft(name: "Chess", category: "learning"))
        _ = try await skills.setArchived(id: chess.id, true)
        let gone = try await skills.add(SkillDraft(name: "Gone"))
        try await skills.delete(id: gone.id)
        let reopened = try fixture.reopened()
        let all = try await reopened.skills.all()
        #expect(all.map(\.name) == ["Chess", "Piano"])
        #expect(all[0].isArchived(on: Self.today) && all[1].fields.target?.label == "20 minutes a day")
        #expect(try await reopened.skills.find("piano").id == piano.id)
        await #expect(throws: TallyError.notFound(kind: "skill", id: gone.id.uuidString)) {
            try await reopened.skills.skill(id: gone.id)
        }
        let changes = try await fixture.store.changes(owner: LocalUser.id, after: 0, limit: 100).records
        #expect(changes.contains { $0.meta.id == gone.id && $0.meta.isDeleted })
    }

    @Test func oneCompletionPerSkillAndDayReplacedOnEveryChange() async throws {
        let fixture = try StoreFixture()
        let skill = try await fixture.scope.skills.add(SkillDraft(name: "Run", start: LocalDay("2026-11-01")))
        let first = try await fixture.scope.skills.complete(id: skill.id, level: .partial)
        let second = try await fixture.scope.skills.complete(id: skill.id, level: .full)
        #expect(first.meta.id == second.meta.id)
        _ = try await fixture.scope.skills.complete(id: skill.id, level: .full, day: LocalDay("2026-11-20"))
        let marks = try await fixture.store.skillMarks(owner: LocalUser.id, in: LocalDay("2026-11-01")!...Self.today)
        #expect(marks.map(\.level) == [.full, .full] && Set(marks.map(\.day)).count == 2)
        // Another replica's completion of the same skill and day, made later, replaces ours on merge.
        var theirs = second
        theirs.meta.id = UUID()
        theirs.meta.deviceID = UUID()
        theirs.meta.stamp = HLCStamp(millis: second.meta.stamp.millis + 1, counter: 0)
        theirs.level = .partial
        #expect(try await fixture.store.merge([AnyRecord(theirs)], now: StoreFixture.now).updated == 1)
        #expect(try await fixture.store.merge([AnyRecord(theirs)], now: StoreFixture.now).unchanged == 1)
        let stored = try await fixture.store.skillCompletion(owner: LocalUser.id, skillID: skill.id, day: Self.today)
        #expect(stored?.meta.id == theirs.meta.id && stored?.level == .partial)
    }

    /// A name several skills share is a question, not a guess: one written exactly so wins, else the
    /// answer lists them with their ids, and the id always finds the one meant.
    @Test func aNameSeveralSkillsShareIsAskedAboutNotGuessed() async throws {
        let fixture = try StoreFixture()
        let skills = fixture.scope.skills
        let first = try await skills.add(SkillDraft(name: "Read"))
        let lower = try await skills.add(SkillDraft(name: "read"))
        #expect(try await skills.find("Read").id == first.id)
        #expect(try await skills.find("read").id == lower.id)
        let error = await #expect(throws: TallyError.self) { try await skills.find("READ") }
        #expect(error?.description.contains("is the name of 2 skills") == true, "\(String(describing: error))")
        #expect(error?.description.contains(first.id.text) == true)
        _ = try await skills.add(SkillDraft(name: "Read"))
        await #expect(throws: TallyError.self) { try await skills.find("Read") }
        #expect(try await skills.find(first.id.text).id == first.id)
    }

    @Test func badInputChangesNothing() async throws {
        let fixture = try StoreFixture()
        let skills = fixture.scope.skills
        let run = try await skills.add(SkillDraft(name: "Run"))
        let before = try await fixture.scope.backup.exportJSON()
        let bad: [SkillDraft] = [
            SkillDraft(name: ""), SkillDraft(name: String(repeating: "x", count: 500)),
            SkillDraft(name: "Swim", frequency: "0/week"), SkillDraft(name: "Swim", frequency: "8/week"),
            SkillDraft(name: "Swim", start: LocalDay("2026-11-10"), end: LocalDay("2026-11-09")),
            SkillDraft(name: "Swim", category: "Underwater basket weaving"),
        ]
        for draft in bad {
            await #expect(throws: TallyError.self) { _ = try await skills.add(draft) }
            await #expect(throws: TallyError.self) { _ = try await skills.update(id: run.id, draft) }
        }
        await #expect(throws: TallyError.self) {
            try await skills.complete(id: run.id, level: .full, day: Self.today.adding(days: 1))
        }
        await #expect(throws: TallyError.self) {
            _ = try await fixture.scope.moments.add(title: " ", category: .milestone)
        }
        await #expect(throws: TallyError.self) {
            _ = try await skills.addCategory(name: "Music", colour: "blue", icon: "music")
        }
        #expect(try await fixture.scope.backup.exportJSON() == before)
    }

    @Test func openingTheAppTwiceWritesNothing() async throws {
        let fixture = try StoreFixture()
        let skill = try await fixture.scope.skills.add(
            SkillDraft(name: "Piano", frequency: "mon", start: LocalDay("2026-11-01"), rollover: true))
        let before = try await sequence(fixture)
        let once = try await fixture.scope.skills.home().tasks
        let twice = try await fixture.scope.skills.home().tasks
        #expect(once == twice && once.count == 1)
        #expect(once[0].skill.id == skill.id && once[0].carriedFrom == LocalDay("2026-11-16"))
        #expect(try await sequence(fixture) == before)
    }

    @Test func todayFollowsTheUsersZoneAcrossBerlinsSpringForward() async throws {
        // 22:30 UTC on Sunday 29 March 2026 is 00:30 on Monday 30 March in Berlin (summer time since 02:00).
        let fixture = try StoreFixture(now: TimeInput.parseISO("2026-03-29T22:30:00Z", zone: .gmt)!)
        try await fixture.scope.settings.update([.timeZone: "Europe/Berlin"])
        let skill = try await fixture.scope.skills.add(
            SkillDraft(name: "Long run", frequency: "1/week", start: LocalDay("2026-03-23")))
        _ = try await fixture.scope.skills.complete(id: skill.id, level: .full, day: LocalDay("2026-03-29"))
        let home = try await fixture.scope.skills.home()
        #expect(home.today == LocalDay("2026-03-30"))
        #expect(home.tasks.map(\.skill.id) == [skill.id])
        #expect(home.greeting.part == .evening)
        let sunday = try await fixture.scope.skills.tasks(on: LocalDay("2026-03-29"))
        #expect(sunday.first?.level == .full)
        #expect(home.week.label == "Mar 30 - Apr 5")
    }

    @Test func routineAndMomentsKeepOneRecordEachAndFilter() async throws {
        let fixture = try StoreFixture()
        _ = try await fixture.scope.routine.set(.stretch, level: .partial)
        let day = try await fixture.scope.routine.set(.stretch, level: .full)
        #expect(day.items.map(\.level) == [.none, .full, .none, .none])
        let routineRecords = try await fixture.store.routineCompletions(
            owner: LocalUser.id, in: Self.today...Self.today)
        #expect(routineRecords.count == 1)
        let skill = try await fixture.scope.skills.add(SkillDraft(name: "Guitar"))
        let moments = fixture.scope.moments
        _ = try await moments.add(
            title: "First song", day: LocalDay("2026-11-01"), category: .milestone, skillID: skill.id)
        _ = try await moments.add(title: "Barre chord", details: "Finally", category: .breakthrough)
        let old = try await moments.add(title: "Old", day: LocalDay("2025-01-01"), category: .personal)
        try await moments.delete(id: old.id)
        #expect(try await moments.list().map(\.title) == ["Barre chord", "First song"])
        #expect(try await moments.list(MomentFilter(category: .milestone)).map(\.title) == ["First song"])
        let november = MomentFilter(from: LocalDay("2026-11-01"), to: LocalDay("2026-11-10"))
        #expect(try await moments.list(november).map(\.title) == ["First song"])
        await #expect(throws: TallyError.self) {
            _ = try await moments.list(MomentFilter(from: LocalDay("2026-11-10"), to: LocalDay("2026-11-01")))
        }
    }

    @Test func skillsDataSurvivesExportAndImportAndOldBackupsStillImport() async throws {
        let source = try StoreFixture()
        let category = try await source.scope.skills.addCategory(name: "Music", colour: "#ff8800", icon: "music")
        let skill = try await source.scope.skills.add(
            SkillDraft(name: "Guitar", category: "Music", start: LocalDay("2026-11-01"), rollover: true))
        #expect(skill.fields.category == category.id.uuidString)
        _ = try await source.scope.skills.complete(id: skill.id, level: .partial, day: LocalDay("2026-11-02"))
        _ = try await source.scope.routine.set(.read, level: .full)
        _ = try await source.scope.moments.add(title: "Gig", category: .achievement, skillID: skill.id)
        let exported = try await source.scope.backup.exportJSON()
        let target = try StoreFixture()
        #expect(try await target.scope.backup.importJSON(exported).inserted == 5)
        #expect(try await target.scope.backup.exportJSON() == exported)
        #expect(try await target.scope.backup.importJSON(exported).unchanged == 5)
        #expect(try await target.scope.skills.heatmap().total == (try await source.scope.skills.heatmap().total))
        let old = #"{"format":"tally-backup","version":1,"settings":[],"bathroomEvents":[]}"#
        #expect(try await target.scope.backup.importJSON(Data(old.utf8)).inserted == 0)
    }
}

extension SkillsStoreTests {
    @Test func aFutureDayCanBeViewedButNotCompleted() async throws {
        let fixture = try StoreFixture()
        let tomorrow = Self.today.adding(days: 1)
        let skill = try await fixture.scope.skills.add(SkillDraft(name: "Run"))
        #expect(try await fixture.scope.skills.home(day: tomorrow).tasks.map(\.skill.id) == [skill.id])
        #expect(try await fixture.scope.routine.day(tomorrow).items.allSatisfy { $0.level == .none })
        await #expect(throws: TallyError.self) {
            try await fixture.scope.routine.set(.read, level: .full, day: tomorrow)
        }
    }
}
