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

    @Test("N times a week: meeting the quota on any days is 100%; the shortfall is missed on the week's last days")
    func timesPerWeekPercent() {
        let skill = SkillFixture.skill("Gym", .timesPerWeek(3), start: "2026-03-02")
        let spread = [
            SkillFixture.mark(skill, "2026-03-02"), SkillFixture.mark(skill, "2026-03-04"),
            SkillFixture.mark(skill, "2026-03-06"),
        ]
        let met = SkillFixture.book([skill], spread).score(of: 0, from: Self.week.0, to: Self.week.1, today: Self.today)
        #expect(met == SkillDayScore(tasks: 3, full: 3))
        let once = SkillFixture.book([skill], [SkillFixture.mark(skill, "2026-03-04")])
        // The two missing times fall on Saturday and Sunday, the days after which three could no longer be
        // made; Sunday is today, still open, so only Saturday is missed so far. Monday to Friday are not.
        #expect(
            once.score(of: 0, from: Self.week.0, to: Self.week.1, today: Self.today) == SkillDayScore(tasks: 2, full: 1)
        )
        let endOfWeek = once.score(of: 0, from: Self.week.0, to: Self.week.1, today: Self.today.adding(days: 1))
        #expect(endOfWeek == SkillDayScore(tasks: 3, full: 1))
    }

    static let week = (Fixture.day("2026-03-02"), Fixture.day("2026-03-08"))

    @Test("insights: the last four weeks against the four before, the months, what the history needs")
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
        #expect(entry.hasEnoughHistory && entry.daysTracked == 38 && entry.recentTasks == 38)
        #expect(entry.lastFourWeeks == SkillDayScore(tasks: 28, full: 19, partial: 9))
        #expect(entry.fourWeeksBefore == SkillDayScore(tasks: 10, full: 10))
        #expect(entry.trend == .down)
        #expect(entry.monthly.map(\.month.description).suffix(2) == ["2026-02-01", "2026-03-01"])
        #expect(
            entry.sentences.map(\.text) == [
                "Down from 100% to 84% over the last four weeks.", "From 100% in Feb to 55% in Mar.",
                "Best month so far: Feb (100%).",
            ])
    }

    @Test("insights wait for two weeks and 8 tasks, and say how much is missing")
    func insightsWait() {
        let skill = SkillFixture.skill("Sketch", start: "2026-03-05")
        let marks = ["2026-03-05", "2026-03-06", "2026-03-08"].map { SkillFixture.mark(skill, $0) }
        let entry = SkillInsights(book: SkillFixture.book([skill], marks), today: Fixture.day("2026-03-10")).entries[0]
        #expect(!entry.hasEnoughHistory)
        // Five days before today count (today is not over); one of them was never done.
        #expect(
            entry.sentences.map(\.text) == [
                "Insights start after two weeks and 8 tasks: 8 more days and 3 more tasks to go (5 so far)."
            ])
        // "Best on Mondays" after one day is what the old insights said: nothing of the kind now.
        #expect(!entry.sentences.contains { $0.kind == .weekdays })
    }

    @Test("insights name a weekday that goes badly, and a plan above the pace kept, with what to change")
    func insightsSuggest() {
        let daily = SkillFixture.skill("Run", start: "2026-01-05")
        let weekly = SkillFixture.skill("Gym", .timesPerWeek(5), start: "2026-01-05")
        var marks: [SkillMark] = []
        for offset in 0..<63 {
            let day = Fixture.day("2026-01-05").adding(days: offset)
            if day.isoWeekday != 5 { marks.append(SkillFixture.mark(daily, day.description)) }
            if day.isoWeekday == 2 || day.isoWeekday == 4 { marks.append(SkillFixture.mark(weekly, day.description)) }
        }
        let insights = SkillInsights(
            book: SkillFixture.book([daily, weekly], marks), today: Fixture.day("2026-03-08"))
        let run = insights.entries.first { $0.skill.name == "Run" }?.sentences ?? []
        #expect(run.contains { $0.kind == .weekdays && $0.text.hasSuffix("hardest on Fridays (0%).") }, "\(run)")
        #expect(
            run.contains {
                $0
                    == .init(
                        .suggestion,
                        "Fridays go least well: a smaller target or another time of day on Fridays may help.")
            })
        let gym = insights.entries.first { $0.skill.name == "Gym" }?.sentences ?? []
        #expect(
            gym.contains {
                $0.kind == .suggestion
                    && $0.text.hasPrefix("Done about 2 times a week lately against a plan of 5: 2 a week would match")
            }, "\(gym)")
        #expect(!gym.contains { $0.kind == .weekdays }, "a skill done on days of the person's choosing")
    }
}
