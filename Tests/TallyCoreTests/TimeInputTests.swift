import Foundation
import Testing

@testable import TallyCore

@Suite struct TimeInputTests {
    let ny = Fixture.newYork

    @Test func bareTimeIsTodayWhenItHasPassed() throws {
        let now = Fixture.instant("2026-11-22T10:00:00-05:00")
        #expect(try TimeInput.parse("07:05", now: now, zone: ny) == Fixture.instant("2026-11-22T07:05:00-05:00"))
    }

    @Test func bareTimeJustAfterMidnightMeansYesterdayEvening() throws {
        let now = Fixture.instant("2026-11-22T00:10:00-05:00")
        #expect(try TimeInput.parse("23:58", now: now, zone: ny) == Fixture.instant("2026-11-21T23:58:00-05:00"))
    }

    @Test func bareTimeAFewMinutesAheadIsStillToday() throws {
        let now = Fixture.instant("2026-11-22T09:21:00-05:00")
        #expect(try TimeInput.parse("9:30", now: now, zone: ny) == Fixture.instant("2026-11-22T09:30:00-05:00"))
    }

    @Test func localDateTimeIsReadInTheUsersZone() throws {
        let now = Fixture.instant("2026-11-22T10:00:00Z")
        #expect(
            try TimeInput.parse("2026-03-08T02:30", now: now, zone: ny) == Fixture.instant("2026-03-08T03:30:00-04:00"))
        #expect(
            try TimeInput.parse("2026-07-01 08:15:30", now: now, zone: ny)
                == Fixture.instant("2026-07-01T12:15:30Z"))
    }

    @Test func offsetsWinOverTheZone() throws {
        let now = Fixture.instant("2026-11-22T10:00:00Z")
        #expect(
            try TimeInput.parse("2026-11-22T09:00:00+01:00", now: now, zone: ny)
                == Fixture.instant("2026-11-22T08:00:00Z"))
        #expect(
            try TimeInput.parse("2026-11-22T08:00:00.250Z", now: now, zone: ny).timeIntervalSince1970
                .truncatingRemainder(dividingBy: 1) == 0.25)
    }

    @Test(arguments: ["yesterday", "25:00", "12:60", "2026-02-30T10:00", "2026-11-22T10:00+25:00", "10.30", ""])
    func refusesWhatIsNotATime(_ text: String) {
        #expect(throws: TallyError.self) {
            try TimeInput.parse(text, now: Fixture.instant("2026-11-22T10:00:00Z"), zone: ny)
        }
    }
}
