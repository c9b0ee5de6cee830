import Foundation
import Testing

@Suite struct RecurCLITests {
    @Test func expandsABareRuleInAZoneWithOffsets() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        // RFC 5545: every other week on Tuesday and Thursday, 8 occurrences, across the end of DST.
        let result = try tally.run(
            [
                "recur", "FREQ=WEEKLY;INTERVAL=2;COUNT=8;WKST=SU;BYDAY=TU,TH", "--start", "19970902T090000", "--tz",
                "America/New_York",
            ], useDataDirOption: false)
        #expect(result.status == 0)
        #expect(
            result.stdout.split(separator: "\n") == [
                "1997-09-02T09:00:00-04:00", "1997-09-04T09:00:00-04:00", "1997-09-16T09:00:00-04:00",
                "1997-09-18T09:00:00-04:00", "1997-09-30T09:00:00-04:00", "1997-10-02T09:00:00-04:00",
                "1997-10-14T09:00:00-04:00", "1997-10-16T09:00:00-04:00",
            ])
    }

    @Test func readsICalendarLinesWithAnExdate() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        let text = """
            DTSTART;TZID=America/New_York:19970902T090000
            RRULE:FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13
            EXDATE;TZID=America/New_York:19970902T090000
            """
        let result = try tally.run(["recur", text, "--count", "3"], useDataDirOption: false)
        #expect(
            result.stdout.split(separator: "\n") == [
                "1998-02-13T09:00:00-05:00", "1998-03-13T09:00:00-05:00", "1998-11-13T09:00:00-05:00",
            ])
    }

    @Test func jumpsToAfterAndStopsBeforeWithTheGapMovedForward() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        let far = try tally.run(
            [
                "recur", "FREQ=DAILY", "--start", "19000101T093000", "--tz", "America/New_York", "--after",
                "2090-06-01T00:00:00Z", "--count", "2",
            ], useDataDirOption: false)
        #expect(far.stdout.split(separator: "\n") == ["2090-06-01T09:30:00-04:00", "2090-06-02T09:30:00-04:00"])
        // 02:30 does not exist on 10 March 2024 in New York: it moves forward by the gap, to 03:30.
        let gap = try tally.run(
            [
                "recur", "FREQ=DAILY", "--start", "20240309T023000", "--tz", "America/New_York", "--before",
                "20240311T000000Z",
            ], useDataDirOption: false)
        #expect(gap.stdout.split(separator: "\n") == ["2024-03-09T02:30:00-05:00", "2024-03-10T03:30:00-04:00"])
    }

    @Test(
        "bad input exits non-zero with a message naming the part",
        arguments: [
            (["recur", "FREQ=DAILY;BYMONTHDAY=32", "--start", "19970902T090000"], "BYMONTHDAY"),
            (["recur", "FREQ=SOMETIMES", "--start", "19970902T090000"], "FREQ"),
            (["recur", "FREQ=DAILY;COUNT=2;UNTIL=19971224T000000Z", "--start", "19970902T090000"], "COUNT"),
            (["recur", "FREQ=DAILY"], "--start"),
            (["recur", "FREQ=DAILY", "--start", "19970902T090000", "--tz", "Mars/Base"], "--tz"),
            (["recur", "FREQ=DAILY", "--start", "19970902T090000", "--after", "soon"], "--after"),
        ])
    func badInput(arguments: [String], message: String) throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        let result = try tally.run(arguments, useDataDirOption: false)
        #expect(result.status != 0)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}
