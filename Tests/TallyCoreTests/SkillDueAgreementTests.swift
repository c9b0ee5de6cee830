import Foundation
import Testing

@testable import TallyCore

/// One answer to "is this skill's task on this day": for every frequency, with and without rollover, over a
/// year of scattered completions (the year 2026, whose days include both of New York's and Europe's clock
/// changes: days are counted as local days, so an hour more or less changes nothing), the Today list, the
/// week view, the history's day cells and the statistics agree.
@Suite struct SkillDueAgreementTests {
    static let frequencies: [SkillFrequency] = [
        .daily, .weekdays([1, 3, 5]), .everyDays(3), .timesPerWeek(1), .timesPerWeek(3), .timesPerWeek(7),
        .timesPerMonth(1), .timesPerMonth(4), .timesPerMonth(20), .monthDays([1, 15]), .monthDays([30, 31]),
    ]

    /// Completions on about half the days, full or partial, from a fixed seed.
    static func marks(for skill: Skill, seed: UInt64) -> [SkillMark] {
        var random = SplitMix64(seed: seed)
        let first = Fixture.day("2026-01-01")
        return (0..<365).compactMap { offset in
            let roll = random.next() % 6
            guard roll < 3 else { return nil }
            return SkillMark(skillID: skill.id, day: first.adding(days: offset), level: roll == 0 ? .partial : .full)
        }
    }

    @Test(arguments: frequencies, [false, true])
    func everyViewAgrees(frequency: SkillFrequency, rollover: Bool) {
        let skill = SkillFixture.skill("Gym", frequency, start: "2026-01-01", rollover: rollover)
        let marks = Self.marks(for: skill, seed: UInt64(frequency.description.count * 31 + (rollover ? 7 : 0)))
        let book = SkillFixture.book([skill], marks)
        let first = Fixture.day("2026-01-01")
        for offset in 0..<365 {
            let day = first.adding(days: offset)
            let today = book.tasks(on: day)
            let week = SkillWeekView(book: book, containing: day, today: day)
            let inWeek = week.rows.first?.tasks[day.isoWeekday - 1] ?? nil
            let score = book.score(on: day)
            // The Today list and the week view show the same task, and the history knows it was shown.
            #expect((today.first != nil) == (inWeek != nil), "\(frequency) \(day): today vs week")
            #expect(score.shown == today.count, "\(frequency) \(day): history's shown")
            // What the statistics count was shown that day; what was done was shown and counted.
            #expect(score.tasks <= score.shown, "\(frequency) \(day): counted but not shown")
            if let task = today.first, task.level != .none {
                #expect(score.tasks == 1, "\(frequency) \(day): done but not counted")
            }
            #expect(today.first?.counts == (score.tasks == 1) || today.isEmpty, "\(frequency) \(day): counts")
        }
    }

    /// A closed week of an N-times-a-week skill misses exactly what it lacked of N, whichever days were done.
    @Test(arguments: [1, 3, 7])
    func aWeeksMissesAreItsShortfall(times: Int) {
        let skill = SkillFixture.skill("Gym", .timesPerWeek(times), start: "2026-01-05")
        let marks = Self.marks(for: skill, seed: UInt64(times))
        let book = SkillFixture.book([skill], marks)
        var monday = Fixture.day("2026-01-05")
        while monday < Fixture.day("2026-12-21") {
            let sunday = monday.adding(days: 6)
            let score = book.score(of: 0, from: monday, to: sunday, today: sunday.adding(days: 1))
            let doneDays = marks.filter { (monday...sunday).contains($0.day) }.count
            let fullDays = marks.filter { (monday...sunday).contains($0.day) && $0.level == .full }.count
            // Days done in full beyond the quota leave the rest of the week free; a partial day counts as done.
            if fullDays < times {
                #expect(score.missed == max(0, times - doneDays), "\(monday): \(score)")
            }
            #expect(score.full + score.partial <= doneDays)
            monday = monday.adding(days: 7)
        }
    }
}
