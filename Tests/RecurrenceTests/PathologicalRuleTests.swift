import Foundation
import Testing

@testable import Recurrence

/// Rules that can never (or only rarely) produce must finish after bounded work.
@Suite struct PathologicalRuleTests {
    /// Expands with a wall-clock budget and returns the formatted result.
    func expandQuickly(_ text: String, limit: Int = 10, seconds: Double = 5) throws -> [String] {
        let began = Date()
        let result = try expandText(text, limit: limit)
        #expect(Date().timeIntervalSince(began) < seconds, "\(text) took too long")
        return result
    }

    @Test(arguments: [
        "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30",
        "FREQ=MONTHLY;BYMONTH=4,6,9,11;BYMONTHDAY=31",
        "FREQ=DAILY;BYMONTH=2;BYMONTHDAY=-30",
        "FREQ=MONTHLY;BYDAY=6MO",
        "FREQ=YEARLY;BYMONTH=2;BYYEARDAY=1",
        "FREQ=MINUTELY;BYSECOND=60",
    ])
    func staticallyImpossibleRulesYieldOnlyDTSTART(_ ruleText: String) throws {
        let rule = try RecurrenceRule(parsing: ruleText)
        #expect(rule.impossibilityReason != nil, "\(ruleText)")
        #expect(try expandQuickly("DTSTART:20240101T090000Z\nRRULE:\(ruleText)") == ["2024-01-01T09:00:00+00:00"])
    }

    @Test(arguments: [
        "FREQ=YEARLY;INTERVAL=4;BYYEARDAY=366",
        "FREQ=YEARLY;BYMONTH=2",
        "FREQ=HOURLY;INTERVAL=2;BYHOUR=1,3,5",
        "FREQ=MINUTELY;INTERVAL=2;BYMINUTE=1,3",
        "FREQ=DAILY;INTERVAL=7;BYDAY=TU",
        "FREQ=WEEKLY;INTERVAL=2;BYMONTH=2;BYDAY=MO;UNTIL=99991231T000000Z",
    ])
    func rulesThatNeverMatchFromThisStartEndAfterBoundedWork(_ ruleText: String) throws {
        // DTSTART 1997-01-30 (Thursday, 10:00): INTERVAL=4 from a non-leap year never reaches a leap year; January
        // 30 has no February; even hours never reach odd ones; and so on.
        let result = try expandQuickly("DTSTART:19970130T100000Z\nRRULE:\(ruleText)")
        #expect(result.first == "1997-01-30T10:00:00+00:00")
        if !ruleText.contains("WEEKLY") { #expect(result.count == 1, "\(ruleText)") }
    }

    @Test func week53YearsOnly() throws {
        let text = "DTSTART:20151231T090000Z\nRRULE:FREQ=YEARLY;BYWEEKNO=53;BYDAY=TH;COUNT=4"
        #expect(
            try expandQuickly(text) == [
                "2015-12-31T09:00:00+00:00", "2020-12-31T09:00:00+00:00", "2026-12-31T09:00:00+00:00",
                "2032-12-30T09:00:00+00:00",
            ])
    }

    /// With weeks starting on Tuesday, 2005 has 52 weeks: its week 52 runs from 27 December to 2 January 2006,
    /// so the Sunday of that week is 1 January 2006, in the set of the year 2006. (dateutil counts 53 weeks
    /// for 2005 there and leaves the day out; see `Oracle/EXCLUSIONS.md`, row 8.)
    @Test func januaryDaysInThePreviousYearsLastWeek() throws {
        let text = "DTSTART:20001231T090000Z\nRRULE:FREQ=YEARLY;BYWEEKNO=52;BYDAY=SU;WKST=TU;COUNT=9"
        #expect(
            try expandQuickly(text).map { String($0.prefix(10)) } == [
                "2000-12-31", "2001-12-30", "2002-12-29", "2003-12-28", "2004-12-26", "2006-01-01", "2006-12-31",
                "2007-12-30", "2008-12-28",
            ])
    }

    @Test func hugeSecondlyInterval() throws {
        let text = "DTSTART:20240101T000000Z\nRRULE:FREQ=SECONDLY;INTERVAL=1000000;COUNT=3"
        #expect(
            try expandQuickly(text) == [
                "2024-01-01T00:00:00+00:00", "2024-01-12T13:46:40+00:00", "2024-01-24T03:33:20+00:00",
            ])
    }

    @Test func expansionStopsAtYear9999() throws {
        #expect(
            try expandQuickly("DTSTART:99991230T090000Z\nRRULE:FREQ=DAILY") == [
                "9999-12-30T09:00:00+00:00", "9999-12-31T09:00:00+00:00",
            ])
        #expect(try expandQuickly("DTSTART:20240101T090000Z\nRRULE:FREQ=YEARLY;INTERVAL=1000000").count == 1)
        let set = try RecurrenceSet(parsing: "DTSTART:99991231T090000Z\nRRULE:FREQ=HOURLY")
        #expect(set.firstOccurrences(100).count == 15)
    }

    @Test func unboundedAllOccurrencesIsAnError() throws {
        let set = try RecurrenceSet(parsing: "DTSTART:20240101T090000Z\nRRULE:FREQ=DAILY")
        #expect(throws: RecurrenceError.unbounded) { try set.allOccurrences() }
        #expect(try set.allOccurrences(limit: 3).count == 3)
        #expect(RecurrenceError.unbounded.description.contains("limit"))
    }
}
