import Foundation
import Testing

@testable import TallyCore

/// How other trackers' habits map onto skills: frequencies, colours, values, and what a second import or
/// a deleted skill does.
@Suite struct HabitImportTests {
    static let today = LocalDay(year: 2026, month: 11, day: 22)!
    static let instant = Date(timeIntervalSince1970: 1_795_000_000)

    static func meta(_ id: UUID, deleted: Bool = false) -> RecordMeta {
        RecordMeta(
            id: id, ownerID: LocalUser.id, createdAt: instant, modifiedAt: instant, deviceID: UUID(), stamp: .zero,
            isDeleted: deleted)
    }

    /// The same key always makes the same id, as the service's provenance ids do (FNV-1a here).
    static func id(_ key: String) -> UUID {
        let hash = key.utf8.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
        let hex = Array(String(format: "%016llx%016llx", hash, ~hash))
        let groups = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(hex[$0]) }
        return UUID(uuidString: groups.joined(separator: "-"))!
    }

    @Test func ratesBecomeTheNearestFrequency() {
        #expect(HabitRate(times: 1, days: 1).frequency == .daily)
        #expect(HabitRate(times: 3, days: 7).frequency == .timesPerWeek(3))
        #expect(HabitRate(times: 7, days: 7).frequency == .daily)
        #expect(HabitRate(times: 1, days: 3).frequency == .everyDays(3))
        #expect(HabitRate(times: 2, days: 30).frequency == .timesPerMonth(2))
        #expect(HabitRate(times: 10, days: 31).frequency == .timesPerMonth(10))
        #expect(HabitRate(times: 2, days: 14).frequency == .everyDays(7))
        #expect(HabitRate(times: 1, days: 730).frequency == .everyDays(365))
        #expect(HabitRate(times: 0, days: 0).frequency == .daily)
    }

    /// Loop's numerical targets keep their period: "at most 12 a month" is a target a month, not a week.
    @Test func loopTargetsKeepTheirPeriod() {
        let month = LoopHabitValues.measure(type: 1, targetType: 1, targetValue: 12, unit: "coffees", denominator: 30)
        #expect(month?.period == .month && month?.atMost == true && month?.label == "at most 12 coffees a month")
        let week = LoopHabitValues.measure(type: 1, targetType: 0, targetValue: 3, unit: "runs", denominator: 7)
        #expect(week?.period == .week && week?.atMost == false)
        #expect(
            LoopHabitValues.measure(type: 1, targetType: 0, targetValue: 8, unit: "cups", denominator: 1)?.period
                == .day)
        // A measured habit is once in its target's period.
        #expect(LoopHabitValues.rate(numerator: 1, denominator: 30, measured: true).frequency == .timesPerMonth(1))
    }

    @Test func loopValuesReadInEverySpelling() {
        #expect(LoopHabitValues.value("2") == 2)
        #expect(LoopHabitValues.value("YES_AUTO") == 1 && LoopHabitValues.value("skip") == 3)
        #expect(LoopHabitValues.value("Entry(timestamp=Timestamp(unixTime=0), value=-1, notes=)") == -1)
        #expect(LoopHabitValues.value("Entry(timestamp=Timestamp(unixTime=0), value=7000)") == 7000)
        #expect(LoopHabitValues.value("yes") == nil)
        #expect(LoopHabitValues.level(of: 3, measure: nil) == .none)
        #expect(LoopHabitValues.level(of: 1, measure: nil) == .full)
        let limit = ImportedHabit.Measure(target: 2, unit: "cups", atMost: true)
        #expect(LoopHabitValues.level(of: 2_000, measure: limit) == .full)
        #expect(LoopHabitValues.level(of: 2_001, measure: limit) == .none)
        #expect(LoopHabitValues.level(of: -1, measure: limit) == .none)
        #expect(LoopHabitValues.day(ofTimestamp: -1) == LocalDay(year: 1969, month: 12, day: 31))
        #expect(LoopHabitValues.colour(19, schemaVersion: 25) == "#000000")
        #expect(LoopHabitValues.colour(40, schemaVersion: 25) == nil)
        #expect(LoopHabitValues.colour(-16_777_216 + 0x2EAD6B, schemaVersion: 13) == "#2EAD6B")
    }

    @Test func aColourGoesToTheNearestCategory() {
        func category(_ colour: String?) -> PredefinedSkillCategory {
            ImportedHabit(key: "k", place: "p", name: "n", colour: colour).category
        }
        #expect(category("#E5573F") == .fitness)
        #expect(category("#D32F2F") == .fitness)
        #expect(category("#039BE5") == .learning)
        #expect(category("#1976D2") == .professionalGrowth)
        #expect(category("#388E3C") == .health)
        #expect(category("#808080") == .custom)
        #expect(category(nil) == .personalDevelopment)
    }

    @Test func daylioTimesReadAsPhonesWriteThem() {
        #expect(DaylioEntry.minutes("6:50 pm") == 18 * 60 + 50)
        #expect(DaylioEntry.minutes("12:05 AM") == 5)
        #expect(DaylioEntry.minutes("12:05 p.m.") == 12 * 60 + 5)
        #expect(DaylioEntry.minutes("14:58") == 14 * 60 + 58)
        #expect(DaylioEntry.minutes("13:00 pm") == nil)
        #expect(DaylioEntry.minutes("24:00") == nil)
        #expect(DaylioEntry.day(year: 2019, date: "5 janvier") == LocalDay(year: 2019, month: 1, day: 5))
    }

    /// "At most 12 coffees a month" (Loop's AT_MOST, Table Habit's negative habits) is no target to reach: the
    /// skill has none, and the limit is in the habit's note.
    @Test func anUpperLimitIsKeptInTheNoteNotAsATarget() throws {
        var habit = ImportedHabit(key: "1", place: "habit 1", name: "Coffee")
        habit.measure = LoopHabitValues.measure(
            type: 1, targetType: 1, targetValue: 12, unit: "coffees", denominator: 30)
        habit.rate = LoopHabitValues.rate(numerator: 1, denominator: 30, measured: true)
        let skill = try HabitImportPlan.skill(of: habit, meta: Self.meta(Self.id("s")), today: Self.today)
        #expect(skill.fields.target == nil && skill.frequency == .timesPerMonth(1))
        #expect(HabitImportPlan.about(habit, source: "Loop")?.contains("Target: at most 12 coffees a month.") == true)
        habit.measure?.atMost = false
        let reach = try HabitImportPlan.skill(of: habit, meta: Self.meta(Self.id("s")), today: Self.today)
        #expect(reach.fields.target == SkillTarget(amount: 12, unit: "coffees", period: .month))
    }

    @Test func aDeletedImportedSkillStaysDeletedWithItsDays() throws {
        let habit = ImportedHabit(
            key: "1", place: "habit 1", name: "Read",
            days: [.init(day: Self.today.adding(days: -2), level: .full, note: "Good book")])
        let first = try HabitImportPlan(
            [habit], source: "Loop", stored: .init(skills: [], completions: [], momentIDs: []), today: Self.today,
            id: Self.id, meta: { Self.meta($0) })
        #expect(first.skills.count == 1 && first.completions.count == 1 && first.moments.count == 1)
        var deleted = first.skills[0]
        deleted.meta.isDeleted = true
        let second = try HabitImportPlan(
            [habit], source: "Loop", stored: .init(skills: [deleted], completions: [], momentIDs: []),
            today: Self.today, id: Self.id, meta: { Self.meta($0) })
        #expect(second.additions == 0 && second.alreadyImported == 3)
    }

    @Test func twoHabitsOfOneNameInOneFileAreTwoSkills() throws {
        let day = Self.today.adding(days: -1)
        let habits = [
            ImportedHabit(key: "1", place: "habit 1", name: "Walk", days: [.init(day: day, level: .full)]),
            ImportedHabit(key: "2", place: "habit 2", name: "Walk", days: [.init(day: day, level: .partial)]),
        ]
        let plan = try HabitImportPlan(
            habits, source: "Loop", stored: .init(skills: [], completions: [], momentIDs: []), today: Self.today,
            id: Self.id, meta: { Self.meta($0) })
        #expect(plan.skills.count == 2 && plan.completions.count == 2)
        #expect(Set(plan.completions.map(\.skillID)).count == 2)
    }

    @Test func aHabitNameTooLongIsNamedWithItsPlace() {
        let habit = ImportedHabit(key: "1", place: "row 4 of Habits.csv", name: String(repeating: "a", count: 101))
        #expect(throws: TallyError.self) {
            try HabitImportPlan(
                [habit], source: "Loop", stored: .init(skills: [], completions: [], momentIDs: []), today: Self.today,
                id: Self.id, meta: { Self.meta($0) })
        }
        let error = Result { () throws(TallyError) in
            try HabitImportPlan(
                [habit], source: "Loop", stored: .init(skills: [], completions: [], momentIDs: []), today: Self.today,
                id: Self.id, meta: { Self.meta($0) })
        }
        guard case .failure(let failure) = error else { return }
        #expect(failure.description.contains("row 4 of Habits.csv: the habit \"aaaa"))
        #expect(failure.description.contains("its name is 101 characters; at most 100 fit"))
    }
}

/// A diary's days against the journal's: one entry a day, and what the person wrote is kept.
@Suite struct JournalImportPlanTests {
    static let day = LocalDay(year: 2026, month: 11, day: 2)!

    static func entry(_ id: UUID, notes: String, deleted: Bool = false) -> JournalEntry {
        JournalEntry(
            meta: HabitImportTests.meta(id, deleted: deleted), date: day, fields: JournalEntryFields(notes: notes))
    }

    @Test func aDayWithADeletedLifeAndALiveOneAddsUnderTheLiveOne() throws {
        let incoming = [DaylioEntry(row: 2, day: Self.day, minutes: 600, mood: "good", note: "Walk")]
        let stored = [Self.entry(UUID(), notes: "Old", deleted: true), Self.entry(UUID(), notes: "Mine")]
        let plan = try JournalImportPlan(
            incoming, moods: DaylioMoods(), stored: stored, id: { HabitImportTests.id("\($0)") })
        #expect(plan.additions.isEmpty && plan.updates.count == 1)
        #expect(plan.updates.first?.fields.notes == "Mine\n\n10:00 · good\nWalk")
        #expect(plan.updates.first?.fields.moodRating == 4)
    }

    @Test func aDayImportedAndDeletedStaysDeleted() throws {
        let incoming = [DaylioEntry(row: 2, day: Self.day, minutes: 600, mood: "rad")]
        let stored = [Self.entry(HabitImportTests.id("\(Self.day)"), notes: "x", deleted: true)]
        let plan = try JournalImportPlan(
            incoming, moods: DaylioMoods(), stored: stored, id: { HabitImportTests.id("\($0)") })
        #expect(plan.additions.isEmpty && plan.updates.isEmpty && plan.alreadyImported == 1)
    }
}
