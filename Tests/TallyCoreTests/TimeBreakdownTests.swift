import Foundation
import Testing

@testable import TallyCore

/// The unit breakdown and Datekeeper's "time ago / time until" wording on fixed edge dates.
@Suite struct TimeBreakdownTests {
    let zone = Fixture.newYork

    func text(from now: String, to target: String, _ units: [DisplayUnit] = DisplayUnit.standard) -> String {
        RelativeTimeFormatter.string(
            TimeBreakdown(from: Fixture.instant(now), to: Fixture.instant(target), units: units, zone: zone))
    }

    func counts(from now: String, to target: String, _ units: [DisplayUnit]) -> [Int] {
        TimeBreakdown(from: Fixture.instant(now), to: Fixture.instant(target), units: units, zone: zone).parts.map(
            \.count)
    }

    @Test func januaryThirtyFirstPlusAMonthIsTheEndOfFebruary() {
        // Jan 31 to Feb 28 (2027, not a leap year) is one whole month: the month end clamps.
        #expect(
            counts(from: "2027-02-28T12:00:00-05:00", to: "2027-01-31T00:00:00-05:00", [.months, .days]) == [1, 0])
        // To Mar 1 it is one month and one day, not "1 month, -2 days" or "1 month, 1 day" via Mar 3.
        #expect(
            counts(from: "2027-03-01T12:00:00-05:00", to: "2027-01-31T00:00:00-05:00", [.months, .days]) == [1, 1])
        // In a leap year Feb 29 is the end of the month.
        #expect(
            counts(from: "2028-02-29T12:00:00-05:00", to: "2028-01-31T00:00:00-05:00", [.months, .days]) == [1, 0])
        #expect(
            counts(from: "2028-02-28T12:00:00-05:00", to: "2028-01-31T00:00:00-05:00", [.months, .days]) == [0, 28])
    }

    @Test func monthsAreCountedFromTheStartInOneStepSoMonthEndsDoNotDrift() {
        // Jan 31 + 2 months is Mar 31, not Feb 28 + 1 month = Mar 28.
        #expect(
            counts(from: "2027-03-31T12:00:00-04:00", to: "2027-01-31T00:00:00-05:00", [.months, .days]) == [2, 0])
        #expect(
            counts(from: "2027-03-30T12:00:00-04:00", to: "2027-01-31T00:00:00-05:00", [.months, .days]) == [1, 30])
    }

    @Test func leapDayBirthdays() {
        // Born Feb 29 2024: on Feb 28 2025 a year has passed (clamped), on Mar 1 a year and a day.
        #expect(counts(from: "2025-02-28T09:00:00-05:00", to: "2024-02-29T00:00:00-05:00", [.years, .days]) == [1, 0])
        #expect(counts(from: "2025-03-01T09:00:00-05:00", to: "2024-02-29T00:00:00-05:00", [.years, .days]) == [1, 1])
        #expect(counts(from: "2028-02-29T09:00:00-05:00", to: "2024-02-29T00:00:00-05:00", [.years, .days]) == [4, 0])
        #expect(text(from: "2028-02-29T09:00:00-05:00", to: "2024-02-29T00:00:00-05:00") == "4 years ago")
    }

    @Test func theSeedsWording() {
        #expect(
            text(from: "2026-11-22T10:00:00-05:00", to: "2024-07-18T00:00:00-04:00")
                == "2 years, 4 months, 4 days ago")
        #expect(text(from: "2026-11-22T10:00:00-05:00", to: "2026-11-27T00:00:00-05:00") == "in 5 days")
        #expect(text(from: "2026-11-22T10:00:00-05:00", to: "2026-11-22T00:00:00-05:00") == "today")
        #expect(text(from: "2026-11-22T10:00:00-05:00", to: "2026-11-23T00:00:00-05:00") == "in 1 day")
        #expect(text(from: "2026-11-22T10:00:00-05:00", to: "2027-11-22T00:00:00-05:00") == "in 1 year")
        #expect(text(from: "2026-11-22T10:00:00-05:00", to: "2025-10-22T00:00:00-04:00") == "1 year, 1 month ago")
    }

    @Test func withoutHoursOnlyDatesCount() {
        // 23:30 the night before a birthday is still "in 1 day"; just after midnight it is "today".
        #expect(text(from: "2026-12-24T23:30:00-05:00", to: "2026-12-25T00:00:00-05:00") == "in 1 day")
        #expect(text(from: "2026-12-25T00:05:00-05:00", to: "2026-12-25T00:00:00-05:00") == "today")
        // A since-tracker started yesterday evening is "1 day ago" just after midnight.
        #expect(text(from: "2026-11-22T00:30:00-05:00", to: "2026-11-21T22:00:00-05:00") == "1 day ago")
    }

    @Test func acrossDaylightSavingADayIsACalendarDayAndHoursAreRealHours() {
        // New York springs forward on 2026-03-08: noon to noon is one day but 23 real hours.
        #expect(
            counts(from: "2026-03-08T12:00:00-04:00", to: "2026-03-07T12:00:00-05:00", [.days, .hours]) == [1, 0])
        #expect(counts(from: "2026-03-08T12:00:00-04:00", to: "2026-03-07T12:00:00-05:00", [.hours]) == [23])
        // Falling back on 2026-11-01: noon to noon is one day, 25 hours.
        #expect(counts(from: "2026-11-01T12:00:00-05:00", to: "2026-10-31T12:00:00-04:00", [.hours]) == [25])
        #expect(
            counts(from: "2026-11-01T11:00:00-05:00", to: "2026-10-31T12:00:00-04:00", [.days, .hours]) == [0, 24])
    }

    @Test func weeksAndCoarseUnits() {
        #expect(
            counts(from: "2026-11-22T10:00:00-05:00", to: "2026-12-12T00:00:00-05:00", [.weeks, .days]) == [2, 6])
        // Shown in weeks only, five days ahead falls back to days.
        #expect(text(from: "2026-11-22T10:00:00-05:00", to: "2026-11-27T00:00:00-05:00", [.weeks]) == "in 5 days")
        #expect(
            text(from: "2026-11-22T10:00:00-05:00", to: "2026-11-22T10:20:00-05:00", [.days, .hours])
                == "in less than an hour")
        #expect(text(from: "2026-11-22T10:00:00-05:00", to: "2026-11-22T10:00:00-05:00", [.hours]) == "now")
        #expect(
            text(from: "2026-11-22T10:00:00-05:00", to: "2026-11-23T13:00:00-05:00", [.days, .hours])
                == "in 1 day, 3 hours")
    }

    @Test func unitListsAreCheckedAndSortedLargestFirst() throws {
        #expect(try DisplayUnit.parseList("days,years") == [.years, .days])
        #expect(try DisplayUnit.parseList("month, day") == [.months, .days])
        #expect(
            throws: TallyError.invalid(
                field: "displayUnits", reason: "'fortnights' is not a unit (use years, months, weeks, days, hours)")
        ) {
            try DisplayUnit.parseList("fortnights")
        }
        #expect(throws: TallyError.invalid(field: "displayUnits", reason: "choose at least one unit")) {
            try DisplayUnit.parseList("")
        }
        #expect(throws: TallyError.invalid(field: "displayUnits", reason: "a unit is repeated")) {
            try DisplayUnit.parseList("days,days")
        }
    }
}
