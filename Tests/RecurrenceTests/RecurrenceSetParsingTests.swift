import Foundation
import Testing

@testable import Recurrence

/// Parsing of DTSTART / RRULE / RDATE / EXDATE content lines.
@Suite struct RecurrenceSetParsingTests {
    @Test func unfoldsLinesAndReadsAllValueForms() throws {
        let text = """
            DTSTART;TZID=America/New_York:19970902T090000\r
            RRULE:FREQ=DAILY;\r
             COUNT=5\r
            RDATE;TZID=America/New_York:19970910T090000,19970911T100000\r
            RDATE:19970912T130000Z\r
            EXDATE;TZID=America/New_York:19970903T090000\r
            EXDATE;VALUE=DATE:19970905\r
            SUMMARY:ignored
            """
        let set = try RecurrenceSet(parsing: text)
        #expect(set.rules.count == 1 && set.rules[0].count == 5)
        #expect(set.inclusions.count == 3)
        #expect(set.exclusions.count == 2)
        #expect(
            format(try set.allOccurrences(), "America/New_York") == [
                "1997-09-02T09:00:00-04:00", "1997-09-04T09:00:00-04:00", "1997-09-06T09:00:00-04:00",
                "1997-09-10T09:00:00-04:00", "1997-09-11T10:00:00-04:00", "1997-09-12T09:00:00-04:00",
            ])
    }

    @Test func utcFloatingAndDateStarts() throws {
        let utc = try RecurrenceSet(parsing: "DTSTART:19970902T130000Z\nRRULE:FREQ=WEEKLY;COUNT=2")
        #expect(format(try utc.allOccurrences(), "UTC") == ["1997-09-02T13:00:00+00:00", "1997-09-09T13:00:00+00:00"])
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let floating = try RecurrenceSet(
            parsing: "DTSTART:19970902T090000\nRRULE:FREQ=DAILY;COUNT=2", floatingTimeZone: berlin)
        #expect(
            format(try floating.allOccurrences(), "Europe/Berlin") == [
                "1997-09-02T09:00:00+02:00", "1997-09-03T09:00:00+02:00",
            ])
        let date = try RecurrenceSet(parsing: "DTSTART;VALUE=DATE:19970902\nRRULE:FREQ=YEARLY;UNTIL=19990902")
        #expect(
            format(try date.allOccurrences(), "UTC") == [
                "1997-09-02T00:00:00+00:00", "1998-09-02T00:00:00+00:00", "1999-09-02T00:00:00+00:00",
            ])
    }

    @Test func multipleRulesMergeWithoutDuplicates() throws {
        let text = """
            DTSTART:20240101T090000Z
            RRULE:FREQ=DAILY;INTERVAL=2;COUNT=3
            RRULE:FREQ=DAILY;INTERVAL=3;COUNT=3
            """
        #expect(
            try expandText(text) == [
                "2024-01-01T09:00:00+00:00", "2024-01-03T09:00:00+00:00", "2024-01-04T09:00:00+00:00",
                "2024-01-05T09:00:00+00:00", "2024-01-07T09:00:00+00:00",
            ])
    }

    @Test func dtstartCountsAsFirstOccurrenceEvenWhenNotMatching() throws {
        // RFC 5545 §3.8.5.3: DTSTART always counts as the first occurrence (dateutil would drop it).
        let text = "DTSTART:20240102T090000Z\nRRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=3"
        #expect(
            try expandText(text) == [
                "2024-01-02T09:00:00+00:00", "2024-01-08T09:00:00+00:00", "2024-01-15T09:00:00+00:00",
            ])
    }

    @Test func dtstartOnlySetAndErrors() throws {
        #expect(try expandText("DTSTART:20240102T090000Z") == ["2024-01-02T09:00:00+00:00"])
        #expect(throws: RecurrenceParseError(part: "DTSTART", message: "DTSTART is required")) {
            try RecurrenceSet(parsing: "RRULE:FREQ=DAILY")
        }
        #expect(
            throws: RecurrenceParseError(part: "DTSTART", message: "DTSTART TZID \"Mars/Olympus\" is not a known zone")
        ) {
            try RecurrenceSet(parsing: "DTSTART;TZID=Mars/Olympus:20240102T090000")
        }
        #expect(throws: RecurrenceParseError(part: "BYHOUR", message: "RRULE: BYHOUR value 25 is out of range 0...23"))
        {
            try RecurrenceSet(parsing: "DTSTART:20240102T090000Z\nRRULE:FREQ=DAILY;BYHOUR=25")
        }
        #expect(
            throws: RecurrenceParseError(part: "EXDATE", message: "EXDATE value \"2024010\" is not a valid DATE-TIME")
        ) {
            try RecurrenceSet(parsing: "DTSTART:20240102T090000Z\nEXDATE:2024010")
        }
    }

    /// What python-dateutil's own rrule tests send and RFC 5545 forbids is refused, naming the part.
    @Test func utcTimesWithATZIDAndLocalUntilWithAZonedStartAreRefused() throws {
        #expect(
            throws: RecurrenceParseError(
                part: "DTSTART",
                message: "DTSTART \"19970902T090000Z\" is a UTC time (it ends in Z) and MUST NOT have a TZID "
                    + "(RFC 5545 §3.3.5): drop the TZID or the Z")
        ) {
            try RecurrenceSet(parsing: "DTSTART;TZID=America/New_York:19970902T090000Z\nRRULE:FREQ=DAILY;COUNT=3")
        }
        let localUntil = RecurrenceParseError(
            part: "UNTIL",
            message: "RRULE UNTIL 19971224T000000 is a local time, but DTSTART has a time zone: UNTIL MUST then "
                + "be in UTC, ending in Z (RFC 5545 §3.3.10)")
        #expect(throws: localUntil) {
            try RecurrenceSet(
                parsing: "DTSTART;TZID=America/New_York:19970902T090000\nRRULE:FREQ=DAILY;UNTIL=19971224T000000")
        }
        #expect(throws: localUntil) {
            try RecurrenceSet(parsing: "DTSTART:19970902T090000Z\nRRULE:FREQ=DAILY;UNTIL=19971224T000000")
        }
        // Allowed: a UTC UNTIL with a zoned start, a local UNTIL with a floating start, a DATE UNTIL.
        for text in [
            "DTSTART;TZID=America/New_York:19970902T090000\nRRULE:FREQ=DAILY;UNTIL=19971224T000000Z",
            "DTSTART:19970902T090000\nRRULE:FREQ=DAILY;UNTIL=19971224T000000",
            "DTSTART;TZID=America/New_York:19970902T090000\nRRULE:FREQ=DAILY;UNTIL=19971224",
        ] {
            #expect(try RecurrenceSet(parsing: text).rules.count == 1, "\(text)")
        }
        // COUNT=0 fits the grammar, but DTSTART always counts as the first occurrence: refused.
        #expect(throws: RecurrenceParseError.self) {
            try RecurrenceSet(parsing: "DTSTART:19970902T090000Z\nRRULE:FREQ=DAILY;COUNT=0")
        }
    }

    @Test func formatterWritesOffsets() {
        let date = Date(timeIntervalSince1970: 873_205_200)
        #expect(
            ISO8601OffsetFormatter.string(from: date, in: TimeZone(identifier: "America/New_York")!)
                == "1997-09-02T09:00:00-04:00")
        #expect(
            ISO8601OffsetFormatter.string(from: date, in: TimeZone(identifier: "UTC")!) == "1997-09-02T13:00:00+00:00")
        #expect(
            ISO8601OffsetFormatter.string(from: date, in: TimeZone(identifier: "Asia/Kolkata")!)
                == "1997-09-02T18:30:00+05:30")
    }
}
