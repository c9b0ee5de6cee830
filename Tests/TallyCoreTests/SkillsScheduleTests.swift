import Foundation
import Testing

@testable import TallyCore

@Suite("Skills: which days a skill is due, by frequency and time frame")
struct SkillsScheduleTests {
    @Test("daily is due every day of its time frame, across a month and a year end")
    func daily() {
        let skill = SkillFixture.skill("Run", start: "2026-12-30", end: "2027-01-02")
        #expect(
            SkillFixture.shown(skill, from: "2026-12-28", to: "2027-01-04") == [
                "2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02",
            ])
    }

    @Test("specific weekdays across the Berlin and New York DST weeks (days are calendar days, 23 or 25 hours)")
    func weekdaysAcrossDST() {
        let skill = SkillFixture.skill("Guitar", .weekdays([1, 3, 7]), start: "2026-03-01")
        // Berlin springs forward on Sunday 29 March, New York on Sunday 8 March.
        #expect(
            SkillFixture.shown(skill, from: "2026-03-02", to: "2026-03-09") == [
                "2026-03-02", "2026-03-04", "2026-03-08", "2026-03-09",
            ])
        #expect(
            SkillFixture.shown(skill, from: "2026-03-23", to: "2026-03-30") == [
                "2026-03-23", "2026-03-25", "2026-03-29", "2026-03-30",
            ])
        #expect(
            SkillFixture.shown(skill, from: "2026-10-25", to: "2026-11-02") == [
                "2026-10-25", "2026-10-26", "2026-10-28", "2026-11-01", "2026-11-02",
            ])
    }

    @Test("every N days counts from the start day, across February of a leap year and a year end")
    func everyNDays() {
        let skill = SkillFixture.skill("Long run", .everyDays(3), start: "2024-02-26")
        #expect(
            SkillFixture.shown(skill, from: "2024-02-26", to: "2024-03-07") == [
                "2024-02-26", "2024-02-29", "2024-03-03", "2024-03-06",
            ])
        let yearEnd = SkillFixture.skill("Review", .everyDays(10), start: "2026-12-25")
        #expect(
            SkillFixture.shown(yearEnd, from: "2026-12-20", to: "2027-01-15") == [
                "2026-12-25", "2027-01-04", "2027-01-14",
            ])
    }

    @Test("N times a week shows each day until done N times in that Monday-first week, then again next week")
    func timesPerWeek() {
        let skill = SkillFixture.skill("Swim", .timesPerWeek(2), start: "2026-03-01")
        // Week of Mon 23 March (Berlin DST on Sunday 29): done Tuesday and Thursday.
        let marks = [
            SkillFixture.mark(skill, "2026-03-24"), SkillFixture.mark(skill, "2026-03-25", .partial),
            SkillFixture.mark(skill, "2026-03-26"),
        ]
        // Shown Mon to Thu (Thursday is the day of the second completion), not Fri to Sun; Monday 30 again.
        #expect(
            SkillFixture.shown(skill, marks, from: "2026-03-23", to: "2026-03-31") == [
                "2026-03-23", "2026-03-24", "2026-03-25", "2026-03-26", "2026-03-30", "2026-03-31",
            ])
    }

    @Test("N times a week across a month end counts by the ISO week, not the month")
    func timesPerWeekAcrossMonth() {
        let skill = SkillFixture.skill("Yoga", .timesPerWeek(1), start: "2026-01-01")
        // Week Mon 23 Feb to Sun 1 Mar 2026: done Saturday 28 February.
        let marks = [SkillFixture.mark(skill, "2026-02-28")]
        #expect(
            SkillFixture.shown(skill, marks, from: "2026-02-23", to: "2026-03-03") == [
                "2026-02-23", "2026-02-24", "2026-02-25", "2026-02-26", "2026-02-27", "2026-02-28", "2026-03-02",
                "2026-03-03",
            ])
    }

    @Test("N times a week started mid-week counts only the days since the start")
    func timesPerWeekStartMidWeek() {
        let skill = SkillFixture.skill("Read", .timesPerWeek(7), start: "2026-03-26")
        #expect(
            SkillFixture.due(skill, from: "2026-03-23", to: "2026-03-29") == [
                "2026-03-26", "2026-03-27", "2026-03-28", "2026-03-29",
            ])
    }

    @Test("a challenge ends: not due after its last day, archived from the next, even with rollover")
    func challengeEnds() {
        let skill = SkillFixture.skill("Plank", start: "2026-03-01", end: "2026-03-30", rollover: true)
        #expect(SkillFixture.shown(skill, from: "2026-03-29", to: "2026-04-02") == ["2026-03-29", "2026-03-30"])
        #expect(!skill.isArchived(on: Fixture.day("2026-03-30")))
        #expect(skill.isArchived(on: Fixture.day("2026-03-31")))
    }

    @Test("archived by hand: earlier days keep the skill, the day of archiving and later do not")
    func archivedByHand() {
        let skill = SkillFixture.skill("Chess", start: "2026-03-01", archivedOn: "2026-03-05")
        #expect(SkillFixture.shown(skill, from: "2026-03-03", to: "2026-03-06") == ["2026-03-03", "2026-03-04"])
    }

    @Test("a skill is not shown before its start day")
    func beforeStart() {
        let skill = SkillFixture.skill("Draw", start: "2026-03-05")
        #expect(SkillFixture.shown(skill, from: "2026-03-03", to: "2026-03-06") == ["2026-03-05", "2026-03-06"])
    }

    @Test("the review reminder shows once the time frame ended, until reviewed after the end")
    func reviewReminder() {
        var skill = SkillFixture.skill("Spanish", start: "2026-03-01", end: "2026-03-30", reviewReminder: true)
        #expect(!skill.needsReview(on: Fixture.day("2026-03-30")))
        #expect(skill.needsReview(on: Fixture.day("2026-03-31")))
        skill.reviewedOn = Fixture.day("2026-04-02")
        #expect(!skill.needsReview(on: Fixture.day("2026-04-03")))
        let quiet = SkillFixture.skill("Quiet", start: "2026-03-01", end: "2026-03-30")
        #expect(!quiet.needsReview(on: Fixture.day("2026-04-03")))
    }
}
