import Foundation
import Testing

@testable import Recurrence

/// Invalid dates are skipped and never counted toward COUNT.
@Suite struct InvalidDateTests {
    @Test func thirtyFirstSkipsShortMonths() throws {
        let text = "DTSTART:20240131T090000Z\nRRULE:FREQ=MONTHLY;COUNT=7"
        #expect(
            try expandText(text) == [
                "2024-01-31T09:00:00+00:00", "2024-03-31T09:00:00+00:00", "2024-05-31T09:00:00+00:00",
                "2024-07-31T09:00:00+00:00", "2024-08-31T09:00:00+00:00", "2024-10-31T09:00:00+00:00",
                "2024-12-31T09:00:00+00:00",
            ])
    }

    @Test func thirtiethIsNotCountedInFebruary() throws {
        let text = "DTSTART:20240130T090000Z\nRRULE:FREQ=MONTHLY;BYMONTHDAY=30;COUNT=3"
        #expect(
            try expandText(text) == [
                "2024-01-30T09:00:00+00:00", "2024-03-30T09:00:00+00:00", "2024-04-30T09:00:00+00:00",
            ])
    }

    @Test func february29OnlyInLeapYears() throws {
        let text = "DTSTART:20240229T090000Z\nRRULE:FREQ=YEARLY;COUNT=4"
        #expect(
            try expandText(text) == [
                "2024-02-29T09:00:00+00:00", "2028-02-29T09:00:00+00:00", "2032-02-29T09:00:00+00:00",
                "2036-02-29T09:00:00+00:00",
            ])
        let centuries = "DTSTART:20960229T090000Z\nRRULE:FREQ=YEARLY;COUNT=2"
        #expect(try expandText(centuries) == ["2096-02-29T09:00:00+00:00", "2104-02-29T09:00:00+00:00"])
    }

    @Test func fifthMondayOnlyInMonthsThatHaveOne() throws {
        let text = "DTSTART:20240129T090000Z\nRRULE:FREQ=MONTHLY;BYDAY=5MO;COUNT=4"
        #expect(
            try expandText(text) == [
                "2024-01-29T09:00:00+00:00", "2024-04-29T09:00:00+00:00", "2024-07-29T09:00:00+00:00",
                "2024-09-30T09:00:00+00:00",
            ])
    }

    @Test func february30NeverOccurs() throws {
        let rule = try RecurrenceRule(parsing: "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30")
        #expect(rule.impossibilityReason != nil)
        let set = RecurrenceSet(start: .utc(LocalDateTime(year: 2024, month: 1, day: 30, hour: 9)), rules: [rule])
        #expect(format(set.firstOccurrences(5), "UTC") == ["2024-01-30T09:00:00+00:00"])
        #expect(!set.isUnbounded)
    }
}
