import Foundation
import Testing

@testable import Recurrence

/// Rules that can match dates in general but never after their own DTSTART say so (issue 21, defect 12:
/// python-dateutil's `FREQ=MINUTELY;INTERVAL=12;BYMINUTE=10,11,25,39,50` from 09:00 only ever reaches
/// minutes 0, 12, 24, 36 and 48).
@Suite struct BarrenRuleTests {
    func reason(_ text: String) throws -> String? {
        try RecurrenceSet(parsing: text).barrenRuleReason
    }

    @Test func aStepThatNeverReachesItsByPartsIsBarrenFromThatStartOnly() throws {
        let rule = "RRULE:FREQ=MINUTELY;INTERVAL=12;BYMINUTE=10,11,25,39,50"
        #expect(
            try reason("DTSTART:19970902T090000\n\(rule)")
                == "nothing follows DTSTART: every 12 minutes from 1997-09-02 09:00:00 never falls on what its BY "
                + "parts allow")
        #expect(try reason("DTSTART:19970902T091000\n\(rule)") == nil)
        // Every seventh day from a Monday is never a Tuesday; from a Tuesday it always is.
        #expect(
            try reason("DTSTART;TZID=America/New_York:20261102T090000\nRRULE:FREQ=DAILY;INTERVAL=7;BYDAY=TU") != nil)
        #expect(
            try reason("DTSTART;TZID=America/New_York:20261103T090000\nRRULE:FREQ=DAILY;INTERVAL=7;BYDAY=TU") == nil)
        // Every other hour from an odd hour never reaches an even one.
        #expect(try reason("DTSTART:20260101T090000Z\nRRULE:FREQ=HOURLY;INTERVAL=2;BYHOUR=8,10") != nil)
    }

    @Test func countAndUntilDoNotMakeARuleBarrenAndImpossibleRulesKeepTheirReason() throws {
        #expect(try reason("DTSTART:20260101T090000Z\nRRULE:FREQ=DAILY;COUNT=1") == nil)
        #expect(try reason("DTSTART:20260101T090000Z\nRRULE:FREQ=DAILY;UNTIL=20260101T090000Z") == nil)
        #expect(
            try reason("DTSTART:20260101T090000Z\nRRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30")?.hasPrefix("BYMONTHDAY")
                == true)
    }
}
