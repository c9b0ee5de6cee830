import Foundation
import Testing

@testable import TallyCore

/// Water nudges on pinned days: spacing, quiet hours, the gap after a drink, pace, the goal, and days of
/// 23 and 25 hours.
@Suite struct WaterNudgePlanTests {
    let zone = Fixture.newYork

    func settings(wake: String = "07:00", bed: String = "23:00", dayStart: String = "00:00") -> UserSettings {
        UserSettings(
            timeZoneID: zone.identifier, dayStart: Fixture.time(dayStart), bedtime: Fixture.time(bed),
            wakeTime: Fixture.time(wake))
    }

    func plan(
        _ day: String, settings: UserSettings? = nil, preferences: NotificationPreferences = NotificationPreferences(),
        total: Double = 0, goal: Double = 2000, lastDrink: String? = nil
    ) -> [String] {
        WaterNudgePlan(
            day: Fixture.day(day), settings: settings ?? self.settings(), preferences: preferences, zone: zone,
            goalML: goal, totalML: total, lastDrink: lastDrink.map(Fixture.instant)
        ).nudges.map { zone.localDateTime(of: $0.due).description }
    }

    @Test func eightNudgesSitInTheMiddleOfEachShareOfTheWakingDay() {
        #expect(
            plan("2026-11-23") == [
                "2026-11-23T08:00", "2026-11-23T10:00", "2026-11-23T12:00", "2026-11-23T14:00", "2026-11-23T16:00",
                "2026-11-23T18:00", "2026-11-23T20:00", "2026-11-23T22:00",
            ])
    }

    @Test func quietHoursDropTheNudgesInsideThem() throws {
        var preferences = NotificationPreferences()
        try preferences.apply("waterQuiet", "12:00-14:00")
        #expect(!plan("2026-11-23", preferences: preferences).contains("2026-11-23T12:00"))
        #expect(plan("2026-11-23", preferences: preferences).contains("2026-11-23T14:00"))
        #expect(plan("2026-11-23", preferences: preferences).count == 7)
        // Quiet hours over midnight.
        try preferences.apply("waterQuiet", "21:00-09:00")
        #expect(plan("2026-11-23", preferences: preferences).first == "2026-11-23T10:00")
        #expect(plan("2026-11-23", preferences: preferences).last == "2026-11-23T20:00")
    }

    @Test func aDrinkWithinTheGapStopsTheNextNudge() throws {
        // 09:30 local is 14:30Z; the 10:00 nudge is 30 minutes later, inside the 45-minute gap.
        let nudges = plan("2026-11-23", lastDrink: "2026-11-23T14:30:00Z")
        #expect(!nudges.contains("2026-11-23T10:00"))
        #expect(nudges.contains("2026-11-23T12:00"))
        var shorter = NotificationPreferences()
        try shorter.apply("waterGap", "20")
        #expect(
            plan("2026-11-23", preferences: shorter, lastDrink: "2026-11-23T14:30:00Z").contains("2026-11-23T10:00"))
    }

    @Test func aDayOnPaceIsNotNudged() {
        // 1,000 of 2,000 ml: on pace until half the waking day (15:00) has gone.
        #expect(
            plan("2026-11-23", total: 1000) == [
                "2026-11-23T16:00", "2026-11-23T18:00", "2026-11-23T20:00", "2026-11-23T22:00",
            ])
    }

    @Test func noNudgeOnceTheGoalIsMetOrWhenTurnedOff() throws {
        #expect(plan("2026-11-23", total: 2000).isEmpty)
        var off = NotificationPreferences()
        try off.apply("water", "off")
        #expect(plan("2026-11-23", preferences: off).isEmpty)
    }

    @Test func aTwentyThreeHourDayKeepsEvenGapsInRealTime() throws {
        // Clocks spring forward at 02:00 on 2026-03-08 in New York: from 00:30 to 23:30 is 22 hours.
        var preferences = NotificationPreferences()
        try preferences.apply("waterPerDay", "11")
        let nudges = WaterNudgePlan(
            day: Fixture.day("2026-03-08"), settings: settings(wake: "00:30", bed: "23:30"), preferences: preferences,
            zone: zone, goalML: 2000, totalML: 0, lastDrink: nil
        ).nudges.map(\.due)
        #expect(nudges.count == 11)
        #expect(zip(nudges, nudges.dropFirst()).allSatisfy { $1.timeIntervalSince($0) == 7200 })
        #expect(zone.localDateTime(of: nudges[0]).description == "2026-03-08T01:30")
        #expect(zone.localDateTime(of: nudges[1]).description == "2026-03-08T04:30")
        #expect(zone.localDateTime(of: nudges[10]).description == "2026-03-08T22:30")
    }

    @Test func aTwentyFiveHourDayKeepsEvenGapsInRealTime() throws {
        // Clocks fall back at 02:00 on 2026-11-01 in New York: from 00:30 to 23:30 is 24 hours.
        var preferences = NotificationPreferences()
        try preferences.apply("waterPerDay", "12")
        let nudges = WaterNudgePlan(
            day: Fixture.day("2026-11-01"), settings: settings(wake: "00:30", bed: "23:30"), preferences: preferences,
            zone: zone, goalML: 2000, totalML: 0, lastDrink: nil
        ).nudges.map(\.due)
        #expect(nudges.count == 12)
        #expect(zip(nudges, nudges.dropFirst()).allSatisfy { $1.timeIntervalSince($0) == 7200 })
        #expect(zone.localDateTime(of: nudges[0]).description == "2026-11-01T01:30")
        #expect(zone.localDateTime(of: nudges[1]).description == "2026-11-01T02:30")
        #expect(zone.localDateTime(of: nudges[11]).description == "2026-11-01T22:30")
    }

    @Test func aBedtimeAfterMidnightBelongsToTheSameLocalDay() {
        // A night owl: the day starts at 04:00, wake at 10:00, bed at 02:00.
        let nudges = plan("2026-11-23", settings: settings(wake: "10:00", bed: "02:00", dayStart: "04:00"))
        #expect(nudges.first == "2026-11-23T11:00")
        #expect(nudges.last == "2026-11-24T01:00")
    }

    @Test func preferencesRefuseWhatTheyCannotUse() {
        var preferences = NotificationPreferences()
        #expect(throws: TallyError.self) { try preferences.apply("waterPerDay", "0") }
        #expect(throws: TallyError.self) { try preferences.apply("waterPerDay", "9999999999999999999999") }
        #expect(throws: TallyError.self) { try preferences.apply("waterQuiet", "22:00") }
        #expect(throws: TallyError.self) { try preferences.apply("water", "maybe") }
        #expect(throws: TallyError.self) { try preferences.apply("no such thing!", "x") }
        // A well-formed name from a later version is kept and ignored.
        #expect(throws: Never.self) { try preferences.apply("futureSwitch", "on") }
    }
}
