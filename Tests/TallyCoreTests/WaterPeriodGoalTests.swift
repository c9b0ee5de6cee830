import Foundation
import Recurrence
import Testing

@testable import TallyCore

@Suite("Weekly and monthly water goals: spans, goal history, progress, weeks and months met")
struct WaterPeriodGoalTests {
    static func goal(_ period: WaterPeriod, _ day: String, _ ml: Double?) -> WaterPeriodGoal {
        let meta = RecordMeta(
            id: UUID(), ownerID: LocalUser.id, createdAt: .distantPast, modifiedAt: .distantPast, deviceID: UUID(),
            stamp: .zero)
        return WaterPeriodGoal(meta: meta, period: period, effectiveFrom: Fixture.day(day), goalML: ml)
    }

    static func daily(_ days: [String], _ ml: Double) -> WaterDayTotals {
        WaterStatsTests.totals(days.map { WaterStatsTests.entry("\($0)T17:00:00Z", ml) })
    }

    @Test(
        "a week starts on the first weekday, whatever day of it is asked",
        arguments: [
            // 2026-11-04 is a Wednesday.
            (Weekday.monday, "2026-11-04", "2026-11-02", "2026-11-08"),
            (Weekday.sunday, "2026-11-04", "2026-11-01", "2026-11-07"),
            (Weekday.saturday, "2026-11-04", "2026-10-31", "2026-11-06"),
            (Weekday.monday, "2026-11-02", "2026-11-02", "2026-11-08"),
            (Weekday.sunday, "2026-11-01", "2026-11-01", "2026-11-07"),
            (Weekday.monday, "2026-11-01", "2026-10-26", "2026-11-01"),
            (Weekday.sunday, "2026-10-31", "2026-10-25", "2026-10-31"),
            // Across a year's end.
            (Weekday.monday, "2027-01-01", "2026-12-28", "2027-01-03"),
            (Weekday.sunday, "2027-01-01", "2026-12-27", "2027-01-02"),
        ])
    func weekSpans(first: Weekday, day: String, start: String, end: String) {
        let span = WaterSpan(.week, containing: Fixture.day(day), firstWeekday: first)
        #expect(span.first == Fixture.day(start))
        #expect(span.last == Fixture.day(end))
        #expect(span.dayCount == 7)
        #expect(span.next.first == Fixture.day(end).adding(days: 1))
        #expect(span.previous.last == Fixture.day(start).adding(days: -1))
    }

    @Test("a month runs from its first to its last day, February of a leap year included")
    func monthSpans() {
        let february = WaterSpan(.month, containing: Fixture.day("2028-02-15"))
        #expect(february.first == Fixture.day("2028-02-01"))
        #expect(february.last == Fixture.day("2028-02-29"))
        #expect(february.next.first == Fixture.day("2028-03-01"))
        #expect(february.next.last == Fixture.day("2028-03-31"))
        #expect(february.previous.first == Fixture.day("2028-01-01"))
        #expect(WaterSpan(.month, containing: Fixture.day("2026-12-31")).next.first == Fixture.day("2027-01-01"))
    }

    @Test("a goal changed mid-week counts for that whole week; the week before keeps its own")
    func historyAcrossMidWeekChange() {
        // Monday weeks. 14 l set on Tuesday 3 November; 10.5 l on Wednesday 11 November; then taken away on
        // Friday 20 November.
        let goals = WaterPeriodGoalHistory(
            [
                Self.goal(.week, "2026-11-03", 14_000), Self.goal(.week, "2026-11-11", 10_500),
                Self.goal(.week, "2026-11-20", nil), Self.goal(.month, "2026-11-01", 60_000),
            ], period: .week)
        func goal(_ day: String) -> Double? {
            goals.goal(for: WaterSpan(.week, containing: Fixture.day(day), firstWeekday: .monday))
        }
        #expect(goal("2026-10-28") == nil)
        #expect(goal("2026-11-02") == 14_000)  // the week of 2 November: set on its Tuesday
        #expect(goal("2026-11-08") == 14_000)
        #expect(goal("2026-11-09") == 10_500)  // the week of 9 November: changed on its Wednesday
        #expect(goal("2026-11-16") == nil)  // taken away on that week's Friday
        #expect(goals.goal(setBy: Fixture.day("2026-11-10")) == 14_000)  // on the Tuesday, before the change
        // With Sunday weeks the change of Wednesday the 11th counts from Sunday the 8th.
        #expect(
            goals.goal(for: WaterSpan(.week, containing: Fixture.day("2026-11-08"), firstWeekday: .sunday)) == 10_500)
        #expect(
            goals.goal(for: WaterSpan(.week, containing: Fixture.day("2026-11-07"), firstWeekday: .sunday)) == 14_000)
    }

    @Test("a goal changed mid-month counts for that whole month; earlier months keep theirs")
    func historyAcrossMidMonthChange() {
        let goals = WaterPeriodGoalHistory(
            [
                Self.goal(.month, "2026-10-05", 60_000), Self.goal(.month, "2026-11-17", 45_000),
                Self.goal(.week, "2026-12-01", 1),
            ],
            period: .month)
        #expect(goals.goal(for: WaterSpan(.month, containing: Fixture.day("2026-09-30"))) == nil)
        #expect(goals.goal(for: WaterSpan(.month, containing: Fixture.day("2026-10-01"))) == 60_000)
        #expect(goals.goal(for: WaterSpan(.month, containing: Fixture.day("2026-11-01"))) == 45_000)
        #expect(goals.goal(for: WaterSpan(.month, containing: Fixture.day("2026-12-31"))) == 45_000)
        // October met on 60 l; November judged by 45 l, set on the 17th.
        let october = (1...31).map { String(format: "2026-10-%02d", $0) }
        let totals = Self.daily(october + ["2026-11-02"], 2_000)
        let octoberProgress = WaterPeriodProgress(
            span: WaterSpan(.month, containing: Fixture.day("2026-10-10")), totals: totals, goals: goals,
            today: Fixture.day("2026-11-18"))
        #expect(octoberProgress.totalML == 62_000)
        #expect(octoberProgress.isMet)
        #expect(octoberProgress.daysLeft == 0)
        let november = WaterPeriodProgress(
            span: WaterSpan(.month, containing: Fixture.day("2026-11-18")), totals: totals, goals: goals,
            today: Fixture.day("2026-11-18"))
        #expect(november.goalML == 45_000)
        #expect(november.totalML == 2_000)
        #expect(november.daysLeft == 13)  // the 18th to the 30th
        #expect(november.neededPerDayML == 43_000.0 / 13)
    }

    @Test("a week across the end of DST and of a month: each drink on its own local day, in both spans")
    func weekAcrossDSTAndMonthEnd() {
        // New York leaves DST at 02:00 on Sunday 1 November 2026, the first day of a month. Drinks late on
        // Saturday (EDT) and on both ends of that 25-hour Sunday.
        let entries = [
            WaterStatsTests.entry("2026-10-31T23:30:00-04:00", 1_000),
            WaterStatsTests.entry("2026-11-01T00:30:00-04:00", 500),
            WaterStatsTests.entry("2026-11-01T01:30:00-05:00", 250),  // the second 01:30
            WaterStatsTests.entry("2026-11-01T23:30:00-05:00", 750),
            WaterStatsTests.entry("2026-11-02T00:10:00-05:00", 300),
        ]
        let totals = WaterStatsTests.totals(entries)
        #expect(totals.total(on: Fixture.day("2026-10-31")) == 1_000)
        #expect(totals.total(on: Fixture.day("2026-11-01")) == 1_500)
        #expect(totals.total(on: Fixture.day("2026-11-02")) == 300)
        let goals = WaterPeriodGoalHistory([Self.goal(.week, "2026-10-01", 3_000)], period: .week)
        let today = Fixture.day("2026-11-01")
        // Monday weeks: 26 October to Sunday 1 November holds both sides of the month's end.
        let monday = WaterPeriodProgress(
            span: WaterSpan(.week, containing: today, firstWeekday: .monday), totals: totals, goals: goals, today: today
        )
        #expect(monday.totalML == 2_500)
        #expect(monday.daysLeft == 1)
        #expect(monday.neededPerDayML == 500)
        // Sunday weeks: the week starts on the 1st itself.
        let sunday = WaterPeriodProgress(
            span: WaterSpan(.week, containing: today, firstWeekday: .sunday), totals: totals, goals: goals, today: today
        )
        #expect(sunday.span.first == today)
        #expect(sunday.totalML == 1_800)
        #expect(sunday.daysLeft == 7)
        // The months split the same drinks at midnight of the 31st.
        let months = WaterPeriodGoalHistory([], period: .month)
        let october = WaterPeriodProgress(
            span: WaterSpan(.month, containing: Fixture.day("2026-10-31")), totals: totals, goals: months, today: today)
        #expect(october.totalML == 1_000)
        #expect(october.goalML == nil)
        #expect(october.neededPerDayML == nil)
        // The same in Berlin's spring change (Sunday 29 March 2026, a 23-hour day), with a later day start.
        let berlin = [
            WaterStatsTests.entry("2026-03-29T01:30:00+01:00", 400, zone: Fixture.berlin),  // before 03:00: the 28th
            WaterStatsTests.entry("2026-03-29T03:30:00+02:00", 600, zone: Fixture.berlin),
            WaterStatsTests.entry("2026-03-30T02:30:00+02:00", 200, zone: Fixture.berlin),  // still the 29th
        ]
        let late = WaterStatsTests.totals(berlin, dayStart: "03:00")
        #expect(late.total(on: Fixture.day("2026-03-28")) == 400)
        #expect(late.total(on: Fixture.day("2026-03-29")) == 800)
        let week = WaterPeriodProgress(
            span: WaterSpan(.week, containing: Fixture.day("2026-03-29"), firstWeekday: .monday), totals: late,
            goals: WaterPeriodGoalHistory([Self.goal(.week, "2026-01-01", 1_200)], period: .week),
            today: Fixture.day("2026-04-01"))
        #expect(week.totalML == 1_200)
        #expect(week.isMet)
        #expect(week.isOver)
    }

    @Test("progress: how far, what is left, the days left today included, and what each needs")
    func progress() {
        // "9.8 of 14 l this week": Monday to Thursday at 2,450 ml, today Thursday.
        let days = ["2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05"]
        let goals = WaterPeriodGoalHistory([Self.goal(.week, "2026-11-02", 14_000)], period: .week)
        let today = Fixture.day("2026-11-05")
        let progress = WaterPeriodProgress(
            span: WaterSpan(.week, containing: today, firstWeekday: .monday), totals: Self.daily(days, 2_450),
            goals: goals, today: today)
        #expect(progress.totalML == 9_800)
        #expect(progress.percent == 70)
        #expect(progress.remainingML == 4_200)
        #expect(progress.daysLeft == 4)
        #expect(progress.neededPerDayML == 1_050)
        // Met within half a millilitre; then nothing is needed.
        let met = WaterPeriodProgress(span: progress.span, totalML: 13_999.6, goalML: 14_000, today: today)
        #expect(met.isMet)
        #expect(met.percent == 100)
        #expect(met.neededPerDayML == nil)
        // A week still to come has all its days left.
        let next = WaterPeriodProgress(span: progress.span.next, totalML: 0, goalML: 14_000, today: today)
        #expect(next.daysLeft == 7)
        #expect(next.neededPerDayML == 2_000)
    }

    @Test("weeks and months met: only spans with a goal, the current one once met")
    func record() {
        // Monday weeks from 2 November. Goal 10 l from the 4th (so the week of 2 November has it).
        let days = (2...18).map { String(format: "2026-11-%02d", $0) }
        let totals = Self.daily(days, 1_500)  // 10.5 l a full week
        let goals = WaterPeriodGoalHistory([Self.goal(.week, "2026-11-04", 10_000)], period: .week)
        // Today Wednesday the 18th: weeks of the 2nd and the 9th met; the current week (4.5 l) still going.
        let midWeek = WaterPeriodRecord(
            .week, totals: totals, goals: goals, today: Fixture.day("2026-11-18"), firstWeekday: .monday)
        #expect(midWeek.met == 2)
        #expect(midWeek.counted == 2)
        // With Sunday weeks the first (1 to 7 November: 9 l) is missed.
        let sunday = WaterPeriodRecord(
            .week, totals: totals, goals: goals, today: Fixture.day("2026-11-18"), firstWeekday: .sunday)
        #expect(sunday.met == 1)
        #expect(sunday.counted == 2)
        // Months: none without a goal.
        let months = WaterPeriodRecord(
            .month, totals: totals, goals: WaterPeriodGoalHistory([], period: .month), today: Fixture.day("2026-11-18"),
            firstWeekday: .monday)
        #expect(months.counted == 0)
    }

    @Test("the week calendar: seven days from the first weekday, each against its daily goal")
    func weekCalendar() {
        let totals = Self.daily(["2026-10-31", "2026-11-01"], 2_000)
        let week = WaterWeek(
            containing: Fixture.day("2026-11-01"), firstWeekday: .sunday, totals: totals, goals: WaterGoalHistory([]),
            weekGoals: WaterPeriodGoalHistory([], period: .week), today: Fixture.day("2026-11-03"))
        #expect(week.days.map(\.total.day.description).first == "2026-11-01")
        #expect(week.days.count == 7)
        #expect(week.daysMet == 1)
        #expect(week.days.filter(\.isFuture).count == 4)
        #expect(week.progress.totalML == 2_000)
    }

    @Test(
        "the month grid starts its rows on the first weekday",
        arguments: [
            (Weekday.monday, 6, Weekday.monday), (Weekday.sunday, 0, Weekday.sunday),
            (Weekday.saturday, 1, Weekday.saturday),
        ])
    func monthGrid(first: Weekday, blanks: Int, column: Weekday) {
        // 1 November 2026 is a Sunday.
        let month = WaterMonth(
            year: 2026, month: 11, totals: Self.daily([], 0), goals: WaterGoalHistory([]),
            today: Fixture.day("2026-11-10"), firstWeekday: first)
        #expect(month.leadingBlanks == blanks)
        #expect(month.weekdays.first == column)
        #expect(month.weekdays.count == 7)
    }

    @Test("goal limits: more than nothing, at most 20 litres for each day of the period")
    func limits() throws {
        #expect(try WaterAmounts.checkedGoal(140_000, period: .week) == 140_000)
        #expect(throws: TallyError.self) { try WaterAmounts.checkedGoal(140_001, period: .week) }
        #expect(try WaterAmounts.checkedGoal(620_000, period: .month) == 620_000)
        #expect(throws: TallyError.self) { try WaterAmounts.checkedGoal(0, period: .month) }
        #expect(throws: TallyError.self) { try WaterAmounts.checkedGoal(.nan, period: .week) }
        do {
            _ = try WaterAmounts.checkedGoal(150_000, period: .week)
        } catch {
            #expect("\(error)".contains("more than 140 litres a week"))
        }
        let record = Self.goal(.week, "2026-11-02", 150_000)
        #expect(throws: TallyError.self) { try record.validated(in: RecordBatch([])) }
        #expect(try Self.goal(.month, "2026-11-02", nil).validated(in: RecordBatch([])).goalML == nil)
    }
}
