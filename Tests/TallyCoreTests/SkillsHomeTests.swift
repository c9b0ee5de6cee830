import Foundation
import Testing

@testable import TallyCore

@Suite("Skills: greeting, week calendar, morning routine, validation")
struct SkillsHomeTests {
    @Test("greeting bands: 05:00-11:59 morning, 12:00-17:59 afternoon, 18:00-04:59 evening")
    func greetingBands() {
        let cases: [(Int, Greeting.Part)] = [
            (0, .evening), (4, .evening), (5, .morning), (11, .morning), (12, .afternoon), (17, .afternoon),
            (18, .evening), (23, .evening),
        ]
        for (hour, part) in cases { #expect(Greeting.part(hour: hour) == part, "hour \(hour)") }
        let day = Fixture.day("2026-03-29")
        #expect(Greeting(at: LocalDateTime(day: day, time: Fixture.time("04:59"))).title == "Good Evening")
        #expect(Greeting(at: LocalDateTime(day: day, time: Fixture.time("05:00"))).title == "Good Morning")
        #expect(!Greeting(at: LocalDateTime(day: day, time: Fixture.time("12:00"))).message.isEmpty)
    }

    @Test("the greeting reads the user's wall clock: 03:30 UTC on Berlin's spring-forward day is 05:30, morning")
    func greetingAcrossDST() {
        let instant = Fixture.instant("2026-03-29T03:30:00Z")
        #expect(Greeting(at: Fixture.berlin.localDateTime(of: instant)).part == .morning)
        #expect(Greeting(at: Fixture.utc.localDateTime(of: instant)).part == .evening)
    }

    @Test("week calendar: Monday-first, the 'Dec 15 - 21' label, today and the selected day marked")
    func weekCalendar() {
        let book = SkillFixture.book([], [])
        let week = WeekCalendar(book: book, selected: Fixture.day("2025-12-17"), today: Fixture.day("2025-12-18"))
        #expect(week.label == "Dec 15 - 21")
        #expect(week.days.map(\.day.day) == [15, 16, 17, 18, 19, 20, 21])
        #expect(week.days.map(\.isSelected) == [false, false, true, false, false, false, false])
        #expect(week.days.map(\.isToday) == [false, false, false, true, false, false, false])
        #expect(week.previous(from: Fixture.day("2025-12-17")) == Fixture.day("2025-12-10"))
        #expect(SkillPeriods.weekLabel(Fixture.day("2026-12-28")) == "Dec 28 - Jan 3")
    }

    @Test("morning routine: four habits in order, each day starts at none")
    func routine() throws {
        let meta = RecordMeta(
            id: UUID(), ownerID: LocalUser.id, createdAt: .distantPast, modifiedAt: .distantPast, deviceID: UUID(),
            stamp: .zero)
        let done = [
            RoutineCompletion(meta: meta, habit: .stretch, day: Fixture.day("2026-03-08"), level: .partial),
            RoutineCompletion(meta: meta, habit: .read, day: Fixture.day("2026-03-08"), level: .full),
        ]
        let day = RoutineDay(day: Fixture.day("2026-03-08"), completions: done)
        #expect(day.items.map(\.habit) == [.read, .stretch, .trackWeight, .drinkWater])
        #expect(day.items.map(\.level) == [.full, .partial, .none, .none])
        #expect(RoutineDay(day: Fixture.day("2026-03-09"), completions: done).items.allSatisfy { $0.level == .none })
        #expect(try RoutineHabit.parse("water") == .drinkWater)
        #expect(throws: TallyError.self) { try RoutineHabit.parse("jog") }
    }

    @Test("frequency text: every form reads back to itself; 0 and 8 times a week are errors naming the field")
    func frequencyText() throws {
        for text in ["daily", "2/week", "mon,wed,fri", "every-3-days", "7/week"] {
            #expect(try SkillFrequency.parse(text).description == text)
        }
        #expect(try SkillFrequency.parse("twice-a-week") == .timesPerWeek(2))
        #expect(try SkillFrequency.parse("Monday, friday") == .weekdays([1, 5]))
        for bad in ["0/week", "8/week", "every-0-days", "fortnightly", "", "x/week"] {
            #expect(throws: TallyError.self, "\(bad)") { try SkillFrequency.parse(bad) }
        }
        #expect(throws: TallyError.invalid(field: "frequency", reason: "8 times a week is not possible: use 1 to 7")) {
            try SkillFrequency.parse("8/week")
        }
    }

    @Test("skill fields: empty or 500-character names, an end before the start, an unknown category are errors")
    func validation() throws {
        let categories = SkillCategories(custom: [])
        let start = Fixture.day("2026-03-10")
        func check(_ fields: SkillFields) throws -> SkillFields { try fields.validated(categories: categories) }
        #expect(throws: TallyError.invalid(field: "name", reason: "must not be empty")) {
            try check(SkillFields(name: "  ", startDay: start))
        }
        #expect(throws: TallyError.self) {
            try check(SkillFields(name: String(repeating: "a", count: 500), startDay: start))
        }
        #expect(throws: TallyError.invalid(field: "end", reason: "2026-03-09 is before the start date 2026-03-10")) {
            try check(SkillFields(name: "Run", startDay: start, endDay: Fixture.day("2026-03-09")))
        }
        #expect(throws: TallyError.self) { try check(SkillFields(name: "Run", category: "Cooking", startDay: start)) }
        #expect(throws: TallyError.self) { try check(SkillFields(name: "Run", startDay: start, challengeDays: 0)) }
        let challenge = try check(SkillFields(name: " Run ", category: "fitness", startDay: start, challengeDays: 30))
        #expect(challenge.name == "Run")
        #expect(challenge.endDay == Fixture.day("2026-04-08"))
        #expect(
            try check(SkillFields(name: "Run", category: "Creative Skills", startDay: start)).category
                == "creative-skills")
    }
}
