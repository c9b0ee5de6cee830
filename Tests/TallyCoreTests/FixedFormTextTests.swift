import Foundation
import Testing

@testable import TallyCore

/// The byte-level readers and writers of instants, days and stamps give exactly what the
/// character-level ones they replaced gave: same dates to the last bit, same text.
@Suite struct FixedFormTextTests {
    @Test func instantsRoundTripToTheMillisecond() {
        var generator = SystemRandomNumberGenerator()
        let samples: [Int64] =
            [0, -1, -999, -1000, -86_400_001, 1_763_800_000_123, 253_402_300_799_999]
            + (0..<2_000).map { _ in Int64.random(in: -2_000_000_000_000...4_000_000_000_000, using: &generator) }
        for millis in samples {
            let date = Date(millisecondsSince1970: millis)
            let text = InstantFormat.string(date)
            #expect(TimeInput.parseInstant(text)?.millisecondsSince1970 == millis, "\(millis) → \(text)")
        }
        #expect(InstantFormat.string(Date(millisecondsSince1970: 1_763_800_000_123)) == "2025-11-22T08:26:40.123Z")
        #expect(InstantFormat.string(Date(millisecondsSince1970: -1)) == "1969-12-31T23:59:59.999Z")
        let instant = TimeInput.parseInstant("2026-03-08T07:30:00Z")!
        #expect(
            InstantFormat.string(instant, in: TimeZone(identifier: "America/New_York")!) == "2026-03-08T03:30:00-04:00")
        #expect(InstantFormat.string(instant, in: TimeZone(identifier: "Asia/Kolkata")!) == "2026-03-08T13:00:00+05:30")
        #expect(InstantFormat.string(instant, in: TimeZone(secondsFromGMT: 0)!) == "2026-03-08T07:30:00+00:00")
    }

    @Test func fractionsAreTheDoublesTheirTextNames() {
        for digits in ["5", "05", "123", "999", "000001", "123456789", "123456789012345", "1234567890123456789"] {
            let date = TimeInput.parseInstant("2026-11-22T09:21:14.\(digits)Z")
            #expect(date == Date(timeIntervalSince1970: 1_795_339_274 + Double("0." + digits)!), "\(digits)")
        }
    }

    @Test func offsetsAndRefusals() {
        #expect(TimeInput.parseInstant("2026-03-08T03:30:00-04:00") == TimeInput.parseInstant("2026-03-08T07:30:00Z"))
        #expect(TimeInput.parseInstant("2026-03-08T13:00:00+0530") == TimeInput.parseInstant("2026-03-08T07:30:00Z"))
        #expect(TimeInput.parseInstant("2026-03-08T09:30:00+02") == TimeInput.parseInstant("2026-03-08T07:30:00Z"))
        // RFC 3339 allows any offset up to 23:59 (the API's date-times are RFC 3339).
        #expect(TimeInput.parseInstant("2026-03-09T01:30:00+18:00") == TimeInput.parseInstant("2026-03-08T07:30:00Z"))
        for bad in [
            "2026-03-08T07:30:00", "2026-02-30T07:30:00Z", "2026-03-08T24:00:00Z", "2026-03-08T07:60:00Z",
            "2026-03-08T07:30:00.Z", "2026-03-08T07:30:00+24:00", "2026-03-08T07:30:00+05:", "2026-3-08T07:30:00Z",
            "２０２６-03-08T07:30:00Z", "2026-03-08T07:30:00ZZ", "",
        ] {
            #expect(TimeInput.parseInstant(bad) == nil, "\(bad)")
        }
    }

    @Test func daysAndStampsReadWhatTheyWrite() {
        #expect(LocalDay(year: 2026, month: 3, day: 8)?.description == "2026-03-08")
        #expect(LocalDay("0042-01-01") == LocalDay(year: 42, month: 1, day: 1))
        for bad in ["2026-3-08", "2026-03-8", "2026-02-29", "2026-03-08 ", "+026-03-08", "20260308"] {
            #expect(LocalDay(bad) == nil, "\(bad)")
        }
        let stamp = HLCStamp(millis: 1_763_800_000_000, counter: 42)
        #expect(stamp.description == "0001763800000000-00042")
        #expect(HLCStamp(stamp.description) == stamp)
        #expect(HLCStamp.zero.description == "0000000000000000-00000")
        for bad in [
            "0001763800000000-0042", "001763800000000-00042", "0001763800000000-00042-", "x001763800000000-00042",
        ] {
            #expect(HLCStamp(bad) == nil, "\(bad)")
        }
    }
}
