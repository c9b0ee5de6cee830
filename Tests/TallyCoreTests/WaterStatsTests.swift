import Foundation
import Testing

@testable import TallyCore

@Suite("Water days, goals, streaks and averages")
struct WaterStatsTests {
    static func entry(_ at: String, _ ml: Double, zone: TimeZone = Fixture.newYork) -> WaterEntry {
        let instant = Fixture.instant(at)
        let meta = RecordMeta(
            id: UUID(), ownerID: LocalUser.id, createdAt: instant, modifiedAt: instant, deviceID: UUID(), stamp: .zero)
        return WaterEntry(
            meta: meta, fields: WaterEntryFields(at: instant, timeZoneID: zone.identifier, amountML: ml), source: .cli)
    }

    static func goal(_ day: String, _ ml: Double) -> WaterGoal {
        let meta = RecordMeta(
            id: UUID(), ownerID: LocalUser.id, createdAt: .distantPast, modifiedAt: .distantPast, deviceID: UUID(),
            stamp: .zero)
        return WaterGoal(meta: meta, effectiveFrom: Fixture.day(day), goalML: ml)
    }

    static func totals(_ entries: [WaterEntry], dayStart: String = "00:00") -> WaterDayTotals {
        WaterDayTotals(entries.map(\.sample), boundary: DayBoundary(dayStart: Fixture.time(dayStart)))
    }

    @Test("each day is judged by the goal in force on it; raising the goal today leaves last month alone")
    func goalHistory() {
        let goals = WaterGoalHistory([Self.goal("2026-11-22", 3_000), Self.goal("2026-10-01", 1_500)])
        #expect(goals.goal(on: Fixture.day("2026-09-30")) == WaterAmounts.defaultGoalML)
        #expect(goals.goal(on: Fixture.day("2026-10-01")) == 1_500)
        #expect(goals.goal(on: Fixture.day("2026-11-21")) == 1_500)
        #expect(goals.goal(on: Fixture.day("2026-11-22")) == 3_000)
        let totals = Self.totals([Self.entry("2026-11-21T15:00:00Z", 1_600), Self.entry("2026-11-22T15:00:00Z", 1_600)])
        let stats = WaterStats(totals: totals, goals: goals, today: Fixture.day("2026-11-22"))
        #expect(stats.daysMet == 1)  // yesterday met 1,500; today's 1,600 is short of 3,000
        #expect(stats.currentStreak == 1)  // today not yet met does not break the streak
    }

    @Test("streaks count local days across both DST changes, 23- and 25-hour days included")
    func streaksAcrossDST() {
        // New York: 8 March 2026 has 23 hours, 1 November 2026 has 25. Late-evening entries on each day.
        var entries: [WaterEntry] = []
        for (day, offset) in [("2026-03-07", "-05:00"), ("2026-03-08", "-04:00"), ("2026-03-09", "-04:00")] {
            entries.append(Self.entry("\(day)T23:30:00\(offset)", 2_000))
        }
        for (day, offset) in [("2026-10-31", "-04:00"), ("2026-11-01", "-05:00"), ("2026-11-02", "-05:00")] {
            entries.append(Self.entry("\(day)T00:30:00\(offset)", 2_000))
        }
        let totals = Self.totals(entries)
        #expect(totals.total(on: Fixture.day("2026-03-08")) == 2_000)
        #expect(totals.total(on: Fixture.day("2026-11-01")) == 2_000)
        let spring = WaterStats(totals: totals, goals: WaterGoalHistory([]), today: Fixture.day("2026-03-09"))
        #expect(spring.currentStreak == 3)
        let autumn = WaterStats(totals: totals, goals: WaterGoalHistory([]), today: Fixture.day("2026-11-02"))
        #expect(autumn.currentStreak == 3)
        #expect(autumn.longestStreak == 3)
        #expect(autumn.daysMet == 6)
    }

    @Test("a time-zone change keeps each entry on the local day it was made, and the streak unbroken")
    func streakAfterZoneChange() {
        // Berlin on the 20th and 21st, then a flight to New York: the 22nd is logged there.
        let entries = [
            Self.entry("2026-11-20T20:00:00+01:00", 2_000, zone: Fixture.berlin),
            Self.entry("2026-11-21T23:30:00+01:00", 2_000, zone: Fixture.berlin),
            Self.entry("2026-11-22T21:00:00-05:00", 2_000, zone: Fixture.newYork),
        ]
        let totals = Self.totals(entries)
        // 23:30 in Berlin is 17:30 in New York on the same date; 21:00 in New York is the 23rd in Berlin.
        #expect(totals.total(on: Fixture.day("2026-11-21")) == 2_000)
        #expect(totals.total(on: Fixture.day("2026-11-22")) == 2_000)
        #expect(totals.total(on: Fixture.day("2026-11-23")) == 0)
        let stats = WaterStats(totals: totals, goals: WaterGoalHistory([]), today: Fixture.day("2026-11-22"))
        #expect(stats.currentStreak == 3)
    }

    @Test("a broken streak: the current one restarts, the longest remembers")
    func brokenStreak() {
        let entries = ["2026-11-10", "2026-11-11", "2026-11-12", "2026-11-14", "2026-11-15"].map {
            Self.entry("\($0)T12:00:00Z", 2_100)
        }
        let stats = WaterStats(
            totals: Self.totals(entries), goals: WaterGoalHistory([]), today: Fixture.day("2026-11-16"))
        #expect(stats.longestStreak == 3)
        #expect(stats.currentStreak == 2)  // the 14th and 15th; the 16th is still open
        #expect(stats.currentStreakDays == Fixture.day("2026-11-14")...Fixture.day("2026-11-15"))
        let later = WaterStats(
            totals: Self.totals(entries), goals: WaterGoalHistory([]), today: Fixture.day("2026-11-17"))
        #expect(later.currentStreak == 0)  // the 16th passed without meeting the goal
    }

    @Test("averages divide by the days in their window since the first day with water, today included")
    func averages() {
        // 1,000 ml a day from 1 to 30 November, plus 3,000 extra on the 30th.
        var entries = (1...30).map { Self.entry(String(format: "2026-11-%02dT12:00:00Z", $0), 1_000) }
        entries.append(Self.entry("2026-11-30T13:00:00Z", 3_000))
        let stats = WaterStats(
            totals: Self.totals(entries), goals: WaterGoalHistory([]), today: Fixture.day("2026-11-30"))
        #expect(stats.totalML == 33_000)
        #expect(stats.average7ML == 10_000.0 / 7)
        #expect(stats.average30ML == 1_100)
        #expect(stats.averageAllML == 1_100)
        // A user who started three days ago is averaged over three days, not seven.
        let newcomer = WaterStats(
            totals: Self.totals(Array(entries[27...])), goals: WaterGoalHistory([]), today: Fixture.day("2026-11-30"))
        #expect(newcomer.average7ML == 6_000.0 / 3)
        #expect(newcomer.firstDay == Fixture.day("2026-11-28"))
    }

    @Test("no water yet: every figure is zero")
    func empty() {
        let stats = WaterStats(totals: Self.totals([]), goals: WaterGoalHistory([]), today: Fixture.day("2026-11-22"))
        #expect(stats.totalML == 0 && stats.daysMet == 0 && stats.currentStreak == 0 && stats.averageAllML == 0)
        #expect(stats.currentStreakDays == nil)
    }

    @Test("a day summary keeps only its own entries, newest first, with the day start honoured")
    func daySummary() {
        let entries = [
            Self.entry("2026-11-22T03:30:00-05:00", 100),  // before a 04:00 day start: still the 21st
            Self.entry("2026-11-22T09:00:00-05:00", 250),
            Self.entry("2026-11-22T21:00:00-05:00", 500),
            Self.entry("2026-11-23T03:59:00-05:00", 300),  // the 22nd under a 04:00 day start
        ]
        let boundary = DayBoundary(dayStart: Fixture.time("04:00"))
        let day = WaterDay(
            day: Fixture.day("2026-11-22"), entries: entries, goals: WaterGoalHistory([]), boundary: boundary)
        #expect(day.entries.map(\.amountML) == [300, 500, 250])
        #expect(day.summary.totalML == 1_050)
    }

    @Test("a month calendar starts on Monday and marks met, today and future days")
    func month() {
        let entries = [Self.entry("2026-11-03T12:00:00Z", 2_000), Self.entry("2026-11-04T12:00:00Z", 500)]
        let month = WaterMonth(
            year: 2026, month: 11, totals: Self.totals(entries), goals: WaterGoalHistory([]),
            today: Fixture.day("2026-11-22"))
        #expect(month.days.count == 30)
        #expect(month.leadingBlanks == 6)  // 1 November 2026 is a Sunday
        #expect(month.days[2].total.isGoalMet)
        #expect(month.days[3].total.percent == 25)
        #expect(month.days[21].isToday && !month.days[21].isFuture)
        #expect(month.days[22].isFuture)
        #expect(month.daysMet == 1)
        #expect(month.totalML == 2_500)
        let february = WaterMonth(
            year: 2028, month: 2, totals: Self.totals([]), goals: WaterGoalHistory([]), today: Fixture.day("2026-11-22")
        )
        #expect(february.days.count == 29)
    }

    @Test("weekly and monthly trends average over counted days, oldest first")
    func trends() {
        let entries = (1...22).map { Self.entry(String(format: "2026-11-%02dT12:00:00Z", $0), 1_400) }
        let totals = Self.totals(entries)
        let weeks = WaterTrend(
            .week, count: 4, totals: totals, firstDay: totals.firstDay, today: Fixture.day("2026-11-22"))
        #expect(weeks.points.map(\.start.description) == ["2026-10-26", "2026-11-02", "2026-11-09", "2026-11-16"])
        #expect(weeks.points[0].days == 1)  // only 1 November counts in the week of 26 October
        #expect(weeks.points[3].averageML == 1_400)
        let months = WaterTrend(
            .month, count: 3, totals: totals, firstDay: totals.firstDay, today: Fixture.day("2026-11-22"))
        #expect(months.points.map(\.start.description) == ["2026-09-01", "2026-10-01", "2026-11-01"])
        #expect(months.points[0].days == 0 && months.points[0].averageML == 0)
        #expect(months.points[2].days == 22)
    }

    @Test("range statistics average over the days not in the future")
    func range() {
        let entries = [Self.entry("2026-11-20T12:00:00Z", 2_500), Self.entry("2026-11-21T12:00:00Z", 500)]
        let range = WaterRangeStats(
            from: Fixture.day("2026-11-20"), to: Fixture.day("2026-11-25"), totals: Self.totals(entries),
            goals: WaterGoalHistory([]), today: Fixture.day("2026-11-22"))
        #expect(range.days.count == 6)
        #expect(range.totalML == 3_000)
        #expect(range.averageML == 1_000)
        #expect(range.daysMet == 1)
        #expect(range.bestDay?.day == Fixture.day("2026-11-20"))
    }
}
