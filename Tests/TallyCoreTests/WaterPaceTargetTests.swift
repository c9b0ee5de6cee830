import Foundation
import Testing

@testable import TallyCore

@Suite("The nudges' pace with a weekly goal: the larger of the daily goal and what each day left needs")
struct WaterPaceTargetTests {
    // Monday weeks; today Friday 27 November 2026.
    let today = Fixture.day("2026-11-27")

    func week(total: Double, goal: Double?) -> WaterPeriodProgress {
        WaterPeriodProgress(
            span: WaterSpan(.week, containing: today, firstWeekday: .monday), totalML: total, goalML: goal,
            today: today)
    }

    @Test("without a weekly goal the daily goal is the target")
    func noWeeklyGoal() {
        #expect(WaterPaceTarget.target(on: today, dailyGoalML: 2_000, week: nil, todayTotalML: 0) == 2_000)
        #expect(
            WaterPaceTarget.target(on: today, dailyGoalML: 2_000, week: week(total: 0, goal: nil), todayTotalML: 0)
                == 2_000)
    }

    @Test("behind the week: each day left (today included) needs its share of what is left")
    func behind() {
        // 12.6 l a week, 4 l by Friday with 500 ml of it today: Friday to Sunday need (12.6 - 3.5) / 3 each.
        let progress = week(total: 4_000, goal: 12_600)
        let friday = WaterPaceTarget.target(on: today, dailyGoalML: 2_000, week: progress, todayTotalML: 500)
        #expect(friday == WaterAmounts.stored(9_100.0 / 3))
        // Saturday, as today stands: (12.6 - 4) / 2.
        let saturday = WaterPaceTarget.target(
            on: today.adding(days: 1), dailyGoalML: 2_000, week: progress, todayTotalML: 500)
        #expect(saturday == 4_300)
        // The next week starts afresh: a seventh of the goal, or the daily goal when that is more.
        #expect(
            WaterPaceTarget.target(on: today.adding(days: 3), dailyGoalML: 2_000, week: progress, todayTotalML: 500)
                == 2_000)
    }

    @Test("ahead of the week: the daily goal still stands")
    func ahead() {
        let progress = week(total: 12_000, goal: 14_000)
        #expect(WaterPaceTarget.target(on: today, dailyGoalML: 2_000, week: progress, todayTotalML: 0) == 2_000)
    }

    @Test("the nudges use it: behind the week, a day past its daily goal is still nudged")
    func nudges() throws {
        var preferences = NotificationPreferences()
        try preferences.apply("waterPerDay", "8")
        let settings = UserSettings(timeZoneID: Fixture.newYork.identifier)
        let base = NotificationSources(
            settings: settings, preferences: preferences, zone: Fixture.newYork, today: today, goalML: 2_000,
            todayTotalML: 2_100)
        #expect(
            NotificationPlanner.water(base).filter { $0.due < Fixture.instant("2026-11-28T00:00:00-05:00") }.isEmpty)
        var behind = base
        behind.week = week(total: 4_100, goal: 12_600)
        let todays = NotificationPlanner.water(behind).filter { $0.due < Fixture.instant("2026-11-28T00:00:00-05:00") }
        #expect(!todays.isEmpty)
        #expect(todays.allSatisfy { $0.body.contains("of 3,533 ml today") })
    }
}
