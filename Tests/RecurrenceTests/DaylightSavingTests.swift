import Foundation
import Testing

@testable import Recurrence

/// DST behaviour: gap times move forward by the gap (RFC 5545 §3.3.5, erratum 4271), overlap times take their
/// first occurrence, and sub-daily frequencies count elapsed time (erratum 3883 reading).
@Suite struct DaylightSavingTests {
    @Test func dailyInSpringForwardGapMovesForward() throws {
        let result = try expandText("DTSTART;TZID=America/New_York:20240308T023000\nRRULE:FREQ=DAILY;COUNT=4")
        #expect(
            result == [
                "2024-03-08T02:30:00-05:00", "2024-03-09T02:30:00-05:00", "2024-03-10T03:30:00-04:00",
                "2024-03-11T02:30:00-04:00",
            ])
    }

    @Test func dailyInFallBackOverlapTakesFirstOccurrence() throws {
        let result = try expandText("DTSTART;TZID=America/New_York:20241102T013000\nRRULE:FREQ=DAILY;COUNT=3")
        #expect(result == ["2024-11-02T01:30:00-04:00", "2024-11-03T01:30:00-04:00", "2024-11-04T01:30:00-05:00"])
    }

    @Test func hourlyCountsRealHoursAcrossSpringForward() throws {
        let result = try expandText("DTSTART;TZID=America/New_York:20240310T000000\nRRULE:FREQ=HOURLY;COUNT=4")
        #expect(
            result == [
                "2024-03-10T00:00:00-05:00", "2024-03-10T01:00:00-05:00", "2024-03-10T03:00:00-04:00",
                "2024-03-10T04:00:00-04:00",
            ])
    }

    @Test func hourlyCountsRealHoursAcrossFallBack() throws {
        let result = try expandText("DTSTART;TZID=America/New_York:20241103T000000\nRRULE:FREQ=HOURLY;COUNT=4")
        #expect(
            result == [
                "2024-11-03T00:00:00-04:00", "2024-11-03T01:00:00-04:00", "2024-11-03T01:00:00-05:00",
                "2024-11-03T02:00:00-05:00",
            ])
    }

    @Test func everyThreeHoursSpansTheRealClockAcrossFallBack() throws {
        // Erratum 3883 reading: INTERVAL=3 means three elapsed hours. 23:00 EDT is 03:00Z, three hours later is
        // 06:00Z = 01:00 EST (the repeated hour counts), then 04:00 EST; wall-clock stepping would give 02:00.
        let text = "DTSTART;TZID=America/New_York:20241102T230000\nRRULE:FREQ=HOURLY;INTERVAL=3;COUNT=3"
        #expect(
            try expandText(text) == [
                "2024-11-02T23:00:00-04:00", "2024-11-03T01:00:00-05:00", "2024-11-03T04:00:00-05:00",
            ])
    }

    @Test func weeklyGapAndOverlap() throws {
        let spring = "DTSTART;TZID=America/New_York:20240303T023000\nRRULE:FREQ=WEEKLY;COUNT=3"
        #expect(
            try expandText(spring) == [
                "2024-03-03T02:30:00-05:00", "2024-03-10T03:30:00-04:00", "2024-03-17T02:30:00-04:00",
            ])
        let autumn = "DTSTART;TZID=America/New_York:20241027T013000\nRRULE:FREQ=WEEKLY;COUNT=3"
        #expect(
            try expandText(autumn) == [
                "2024-10-27T01:30:00-04:00", "2024-11-03T01:30:00-04:00", "2024-11-10T01:30:00-05:00",
            ])
    }

    @Test func gapShiftOntoAnExistingTimeIsNotDuplicated() throws {
        let text = "DTSTART;TZID=America/New_York:20240309T023000\nRRULE:FREQ=DAILY;BYHOUR=2,3;BYMINUTE=30;COUNT=5"
        #expect(
            try expandText(text) == [
                "2024-03-09T02:30:00-05:00", "2024-03-09T03:30:00-05:00", "2024-03-10T03:30:00-04:00",
                "2024-03-11T02:30:00-04:00", "2024-03-11T03:30:00-04:00",
            ])
    }

    @Test func londonGap() throws {
        let text = "DTSTART;TZID=Europe/London:20240330T013000\nRRULE:FREQ=DAILY;COUNT=3"
        #expect(
            try expandText(text) == [
                "2024-03-30T01:30:00+00:00", "2024-03-31T02:30:00+01:00", "2024-04-01T01:30:00+01:00",
            ])
    }

    @Test func lordHoweHalfHourShift() throws {
        // Lord Howe Island moves from +10:30 to +11:00 at 02:00 on 2024-10-06: 02:15 does not exist.
        let daily = "DTSTART;TZID=Australia/Lord_Howe:20241005T021500\nRRULE:FREQ=DAILY;COUNT=3"
        #expect(
            try expandText(daily) == [
                "2024-10-05T02:15:00+10:30", "2024-10-06T02:45:00+11:00", "2024-10-07T02:15:00+11:00",
            ])
        let hourly = "DTSTART;TZID=Australia/Lord_Howe:20241006T010000\nRRULE:FREQ=HOURLY;COUNT=3"
        #expect(
            try expandText(hourly) == [
                "2024-10-06T01:00:00+10:30", "2024-10-06T02:30:00+11:00", "2024-10-06T03:30:00+11:00",
            ])
    }

    @Test func untilInUTCIsComparedWithTheInstant() throws {
        // 2024-11-03 01:30 EST is 06:30Z; UNTIL 06:00Z keeps the EDT 01:30 (05:30Z) only.
        let text = "DTSTART;TZID=America/New_York:20241103T003000\nRRULE:FREQ=HOURLY;UNTIL=20241103T060000Z"
        #expect(try expandText(text) == ["2024-11-03T00:30:00-04:00", "2024-11-03T01:30:00-04:00"])
    }

    @Test func explicitGapAndOverlapValues() throws {
        let zone = TimeZone(identifier: "America/New_York")!
        let gap = DateTimeValue.zoned(LocalDateTime(year: 2007, month: 3, day: 11, hour: 2, minute: 30), zone)
        let overlap = DateTimeValue.zoned(LocalDateTime(year: 2007, month: 11, day: 4, hour: 1, minute: 30), zone)
        let utc = TimeZone(identifier: "UTC")!
        #expect(
            ISO8601OffsetFormatter.string(from: gap.instant(floatingZone: utc), in: zone) == "2007-03-11T03:30:00-04:00"
        )
        #expect(
            ISO8601OffsetFormatter.string(from: overlap.instant(floatingZone: utc), in: zone)
                == "2007-11-04T01:30:00-04:00")
    }
}
