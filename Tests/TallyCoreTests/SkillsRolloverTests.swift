import Foundation
import Testing

@testable import TallyCore

@Suite("Skills: rollover of unfinished tasks")
struct SkillsRolloverTests {
    static func carried(_ skill: Skill, _ marks: [SkillMark], on day: String) -> String? {
        SkillFixture.book([skill], marks).tasks(on: Fixture.day(day)).first?.carriedFrom?.description
    }

    @Test("a missed Monday task moves on day by day until it is done, then stops; never duplicated")
    func chainUntilDone() {
        let skill = SkillFixture.skill("Piano", .weekdays([1]), start: "2026-03-02", rollover: true)
        let marks = [SkillFixture.mark(skill, "2026-03-26")]
        // Missed Monday 23 March; shown Tue and Wed with the arrow, done Thursday, gone Fri to Sun.
        #expect(
            SkillFixture.shown(skill, marks, from: "2026-03-23", to: "2026-03-30") == [
                "2026-03-23", "2026-03-24", "2026-03-25", "2026-03-26", "2026-03-30",
            ])
        #expect(Self.carried(skill, marks, on: "2026-03-24") == "2026-03-23")
        #expect(Self.carried(skill, marks, on: "2026-03-26") == "2026-03-23")
        // The next Monday is due by itself and carries nothing, since the last one was done since.
        #expect(Self.carried(skill, marks, on: "2026-03-30") == nil)
        let book = SkillFixture.book([skill], marks)
        #expect(book.tasks(on: Fixture.day("2026-03-25")).count == 1)
    }

    @Test("processing twice (or on two devices) gives the same list: rollover is derived, not written")
    func idempotent() {
        let skill = SkillFixture.skill("Journal", start: "2026-03-01", rollover: true)
        let marks = [SkillFixture.mark(skill, "2026-03-01")]
        let book = SkillFixture.book([skill], marks)
        let first = book.tasks(on: Fixture.day("2026-03-05"))
        let second = book.tasks(on: Fixture.day("2026-03-05"))
        #expect(first == second)
        #expect(first.count == 1)
        // Several missed days of a daily skill: one task, carried from the day before, not four.
        #expect(first[0].carriedFrom == Fixture.day("2026-03-04"))
        #expect(first[0].isDue)
    }

    @Test("carried tasks older than seven days are cleaned up")
    func cleanup() {
        let skill = SkillFixture.skill("Deep clean", .everyDays(10), start: "2026-03-01", rollover: true)
        #expect(
            SkillFixture.shown(skill, from: "2026-03-01", to: "2026-03-12") == [
                "2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06", "2026-03-07",
                "2026-03-08", "2026-03-11", "2026-03-12",
            ])
        #expect(Self.carried(skill, [], on: "2026-03-08") == "2026-03-01")
        // 11 March is due again by itself; 1 March is ten days back, past the clean-up bound.
        #expect(Self.carried(skill, [], on: "2026-03-11") == nil)
        #expect(Self.carried(skill, [], on: "2026-03-09") == nil)
    }

    @Test("a partial task still rolls over; a partial on the carried day does not finish it")
    func partialRollsOver() {
        let skill = SkillFixture.skill("Essay", .weekdays([5]), start: "2026-03-01", rollover: true)
        let marks = [
            SkillFixture.mark(skill, "2026-03-06", .partial), SkillFixture.mark(skill, "2026-03-07", .partial),
        ]
        #expect(Self.carried(skill, marks, on: "2026-03-07") == "2026-03-06")
        #expect(Self.carried(skill, marks, on: "2026-03-08") == "2026-03-06")
    }

    @Test("without rollover nothing moves; an N-times-a-week skill has nothing to carry")
    func noRollover() {
        let off = SkillFixture.skill("Off", .weekdays([1]), start: "2026-03-01")
        #expect(SkillFixture.shown(off, from: "2026-03-23", to: "2026-03-29") == ["2026-03-23"])
        let weekly = SkillFixture.skill("Gym", .timesPerWeek(3), start: "2026-03-01", rollover: true)
        #expect(Self.carried(weekly, [], on: "2026-03-25") == nil)
    }

    @Test("a carried task does not outlive the skill's time frame")
    func stopsAtEnd() {
        let skill = SkillFixture.skill("Sprint", .weekdays([1]), start: "2026-03-01", end: "2026-03-24", rollover: true)
        #expect(SkillFixture.shown(skill, from: "2026-03-23", to: "2026-03-26") == ["2026-03-23", "2026-03-24"])
    }

    @Test("a carried task that stays undone does not count as another miss")
    func carriedNotCounted() {
        let skill = SkillFixture.skill("Piano", .weekdays([1]), start: "2026-03-02", rollover: true)
        let book = SkillFixture.book([skill], [])
        #expect(book.score(on: Fixture.day("2026-03-23")) == SkillDayScore(tasks: 1))
        #expect(book.score(on: Fixture.day("2026-03-24")) == SkillDayScore())
        #expect(book.tasks(on: Fixture.day("2026-03-24")).first?.counts == false)
    }
}
