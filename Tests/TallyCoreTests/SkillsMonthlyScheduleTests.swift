import Foundation
import Testing

@testable import TallyCore

/// Monthly frequencies (seed 004's "daily/weekly/monthly"): N times in each calendar month, and days of
/// the month, with a day a month lacks falling on its last day.
@Suite struct SkillsMonthlyScheduleTests {
    @Test("The 31st falls on the last day of a shorter month, the 29th on 28 February in a common year")
    func monthDaysInShortMonths() {
        let rent = SkillFixture.skill("Rent", .monthDays([31]), start: "2026-01-01")
        #expect(
            SkillFixture.shown(rent, [], from: "2026-01-01", to: "2026-06-30") == [
                "2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31", "2026-06-30",
            ])
        let leap = SkillFixture.skill("Leap", .monthDays([29]), start: "2028-02-01")
        #expect(SkillFixture.shown(leap, [], from: "2028-02-01", to: "2028-03-31") == ["2028-02-29", "2028-03-29"])
        // Days 30 and 31 in a 30-day month are one task on the 30th, not two.
        let both = SkillFixture.skill("Both", .monthDays([1, 30, 31]), start: "2026-04-01")
        #expect(
            SkillFixture.shown(both, [], from: "2026-04-01", to: "2026-05-01") == [
                "2026-04-01", "2026-04-30", "2026-05-01",
            ])
    }

    @Test("N times a month is due each day of the month until done N times, then again from the 1st")
    func timesPerMonth() {
        let skill = SkillFixture.skill("Clean", .timesPerMonth(2), start: "2026-02-01")
        let marks = [SkillFixture.mark(skill, "2026-02-03"), SkillFixture.mark(skill, "2026-02-10")]
        let shown = SkillFixture.shown(skill, marks, from: "2026-02-01", to: "2026-03-02")
        #expect(shown.first == "2026-02-01")
        #expect(shown.contains("2026-02-10"), "the day of the Nth time still shows it")
        #expect(!shown.contains("2026-02-11") && !shown.contains("2026-02-28"))
        #expect(shown.suffix(2) == ["2026-03-01", "2026-03-02"])
    }

    @Test("A closed month of N times a month misses exactly what it lacked, on its last days")
    func aMonthsMissesAreItsShortfall() {
        let skill = SkillFixture.skill("Clean", .timesPerMonth(3), start: "2026-04-01")
        let marks = [SkillFixture.mark(skill, "2026-04-09")]
        let book = SkillFixture.book([skill], marks)
        let april = book.score(
            of: 0, from: Fixture.day("2026-04-01"), to: Fixture.day("2026-04-30"), today: Fixture.day("2026-05-01"))
        #expect(april.full == 1 && april.missed == 2, "\(april)")
        // Mid-month, with enough days left, nothing is missed yet.
        let soFar = book.score(
            of: 0, from: Fixture.day("2026-04-01"), to: Fixture.day("2026-04-20"), today: Fixture.day("2026-04-20"))
        #expect(soFar.missed == 0, "\(soFar)")
    }

    @Test("A skill of days of the month with rollover carries an undone day forward, as weekdays do")
    func monthDaysRollOver() {
        let skill = SkillFixture.skill("Invoice", .monthDays([10]), start: "2026-03-01", rollover: true)
        let book = SkillFixture.book([skill], [])
        #expect(book.tasks(on: Fixture.day("2026-03-12")).first?.carriedFrom == Fixture.day("2026-03-10"))
        #expect(book.tasks(on: Fixture.day("2026-03-18")).isEmpty, "a carry older than 7 days stops")
    }
}
