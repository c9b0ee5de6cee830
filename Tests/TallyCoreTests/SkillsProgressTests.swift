import Foundation
import Testing

@testable import TallyCore

@Suite("Skills: heatmap levels and week, month and year aggregates against hand-computed fixtures")
struct SkillsProgressTests {
    /// Two skills from Monday 2 March 2026: A daily, B on Mon, Wed and Fri. Today is Sunday 8 March.
    ///
    ///         Mon2  Tue3  Wed4  Thu5  Fri6  Sat7  Sun8
    ///   A     full  part  full  -     full  full  part
    ///   B     full  full* part        -
    /// (* B done on a day it was not due: it counts.) Per day: tasks/full/partial and heat level:
    ///   2/2/0 L4, 2/1/1 L3, 2/1/1 L3, 1/0/0 L0, 2/1/0 L2, 1/1/0 L4, 1/0/1 L2.
    /// Week: 11 tasks, 6 full, 3 partial: (6 + 1.5) / 11 = 68%. A: 7 tasks, 4 full, 2 partial = 71%.
    /// B: 4 tasks, 2 full, 1 partial = 62.5%, shown 63%.
    static let a = SkillFixture.skill("A", start: "2026-03-02")
    static let b = SkillFixture.skill("B", .weekdays([1, 3, 5]), start: "2026-03-02")
    static let marks = [
        SkillFixture.mark(a, "2026-03-02"), SkillFixture.mark(a, "2026-03-03", .partial),
        SkillFixture.mark(a, "2026-03-04"), SkillFixture.mark(a, "2026-03-06"), SkillFixture.mark(a, "2026-03-07"),
        SkillFixture.mark(a, "2026-03-08", .partial), SkillFixture.mark(b, "2026-03-02"),
        SkillFixture.mark(b, "2026-03-03"), SkillFixture.mark(b, "2026-03-04", .partial),
        SkillFixture.mark(b, "2026-03-05", .none),
    ]
    static let today = Fixture.day("2026-03-08")
    static var book: SkillBook { SkillFixture.book([a, b], marks) }

    @Test("heatmap: 53 Monday-first weeks ending with today's, levels by how much was done")
    func heatmap() {
        let map = SkillHeatmap(book: Self.book, today: Self.today)
        #expect(map.weeks.count == 53)
        #expect(map.weeks[0][0].day == Fixture.day("2025-03-03"))
        #expect(map.weeks.last!.map(\.heatLevel) == [4, 3, 3, 0, 2, 4, 2])
        #expect(map.weeks.last!.map(\.score.level) == [.full, .partial, .partial, .none, .partial, .full, .partial])
        #expect(map.total == SkillDayScore(tasks: 11, full: 6, partial: 3))
        let midweek = SkillHeatmap(book: Self.book, today: Fixture.day("2026-03-04"))
        #expect(midweek.weeks.count == 53)
        #expect(midweek.weeks.last!.map(\.isFuture) == [false, false, false, true, true, true, true])
    }

    @Test("heat levels: grey for nothing, lighter to darker, darkest only when every task is done in full")
    func heatLevels() {
        #expect(SkillDayScore(tasks: 0).heatLevel == 0)
        #expect(SkillDayScore(tasks: 3).heatLevel == 0)
        #expect(SkillDayScore(tasks: 4, partial: 1).heatLevel == 1)  // 12.5%
        #expect(SkillDayScore(tasks: 3, full: 1).heatLevel == 2)  // 33.3%
        #expect(SkillDayScore(tasks: 2, partial: 2).heatLevel == 2)  // 50%
        #expect(SkillDayScore(tasks: 3, full: 2).heatLevel == 3)  // 66.7%
        #expect(SkillDayScore(tasks: 2, full: 1, partial: 1).heatLevel == 3)  // 75%
        #expect(SkillDayScore(tasks: 2, full: 2).heatLevel == 4)
    }

    @Test("week view: the 7-day grid, each skill's state per day and the week's percentage")
    func week() {
        let week = SkillWeekView(book: Self.book, containing: Fixture.day("2026-03-05"), today: Self.today)
        #expect(week.label == "Mar 2 - 8")
        #expect(week.total == SkillDayScore(tasks: 11, full: 6, partial: 3))
        #expect(week.total.percent == 68)
        #expect(week.scores.map(\.tasks) == [2, 2, 2, 1, 2, 1, 1])
        let rowB = week.rows.first { $0.skill.name == "B" }!
        #expect(rowB.tasks.map { $0?.level } == [.full, .full, .partial, nil, CompletionLevel.none, nil, nil])
    }

    @Test("month view: Monday-first grid, future days empty, the month's total")
    func month() {
        let month = SkillMonthView(book: Self.book, year: 2026, month: 3, today: Self.today)
        #expect(month.days.count == 31)
        #expect(month.leadingBlanks == 6)  // 1 March 2026 is a Sunday
        #expect(month.total == SkillDayScore(tasks: 11, full: 6, partial: 3))
        #expect(month.days[7].isToday)
        #expect(month.days[8].isFuture && month.days[8].score.tasks == 0)
        #expect(month.label == "Mar 2026")
        let february = SkillMonthView(book: Self.book, year: 2024, month: 2, today: Self.today)
        #expect(february.days.count == 29)
        #expect(february.leadingBlanks == 3)  // 1 February 2024 is a Thursday
    }

    @Test("year view: twelve months with their percentages, later months marked future")
    func year() {
        let year = SkillYearView(book: Self.book, year: 2026, today: Self.today)
        #expect(year.months.count == 12)
        #expect(year.months[2].score.percent == 68)
        #expect(year.months[0].score.tasks == 0)
        #expect(year.months[3].isFuture)
        #expect(year.total == SkillDayScore(tasks: 11, full: 6, partial: 3))
    }

    @Test("per-skill percentages and overall statistics with partial counts")
    func progress() {
        let progress = SkillProgress(book: Self.book, today: Self.today)
        let byName = Dictionary(uniqueKeysWithValues: progress.skills.map { ($0.skill.name, $0.score) })
        #expect(byName["A"] == SkillDayScore(tasks: 7, full: 4, partial: 2))
        #expect(byName["A"]!.percent == 71)
        #expect(byName["B"] == SkillDayScore(tasks: 4, full: 2, partial: 1))
        #expect(byName["B"]!.percent == 63)
        #expect(progress.total.partial == 3)
        #expect(progress.daysTracked == 7)
        #expect(progress.perfectDays == 2)
        #expect(progress.activeCount == 2)
    }

    @Test("N times a week: meeting the quota on any days is 100%; the undone days up to the quota are misses")
    func timesPerWeekPercent() {
        let skill = SkillFixture.skill("Gym", .timesPerWeek(3), start: "2026-03-02")
        let spread = [
            SkillFixture.mark(skill, "2026-03-02"), SkillFixture.mark(skill, "2026-03-04"),
            SkillFixture.mark(skill, "2026-03-06"),
        ]
        let met = SkillFixture.book([skill], spread).score(of: 0, from: Self.week.0, to: Self.week.1, today: Self.today)
        #expect(met == SkillDayScore(tasks: 3, full: 3))
        let once = SkillFixture.book([skill], [SkillFixture.mark(skill, "2026-03-04")])
        // Monday and Tuesday are the two missing times; Thursday to Sunday do not count again.
        #expect(
            once.score(of: 0, from: Self.week.0, to: Self.week.1, today: Self.today) == SkillDayScore(tasks: 3, full: 1)
        )
    }

    static let week = (Fixture.day("2026-03-02"), Fixture.day("2026-03-08"))

    @Test("insights: this month against last, the best weekday, the rate month by month")
    func insights() {
        let skill = SkillFixture.skill("Sketch", start: "2026-02-01")
        var marks: [SkillMark] = []
        // February: every day in full. March 1 to 10: Wednesdays in full, other days partial.
        for offset in 0..<28 {
            marks.append(SkillFixture.mark(skill, Fixture.day("2026-02-01").adding(days: offset).description))
        }
        for offset in 0..<10 {
            let day = Fixture.day("2026-03-01").adding(days: offset)
            marks.append(SkillFixture.mark(skill, day.description, day.isoWeekday == 3 ? .full : .partial))
        }
        let insights = SkillInsights(book: SkillFixture.book([skill], marks), today: Fixture.day("2026-03-10"))
        let entry = insights.entries[0]
        #expect(entry.lastMonth == SkillDayScore(tasks: 28, full: 28))
        #expect(entry.thisMonth == SkillDayScore(tasks: 10, full: 1, partial: 9))  // 4 March was the Wednesday
        #expect(entry.trend == .down)
        #expect(entry.bestWeekday == 3)
        #expect(entry.monthly.map(\.month.description).suffix(2) == ["2026-02-01", "2026-03-01"])
        #expect(entry.monthly.map(\.score.percent).suffix(2) == [100, 55])
    }
}
