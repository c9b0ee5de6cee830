import Foundation
import Testing

@testable import TallyCore

@Suite struct DayBoundaryTests {
    let midnight = DayBoundary()
    let fourAM = DayBoundary(dayStart: TimeOfDay(hour: 4, minute: 0)!)

    func hours(_ interval: DateInterval) -> Double { interval.duration / 3600 }

    @Test func springForwardDayHas23HoursInNewYorkAndBerlin() {
        #expect(hours(midnight.interval(of: Fixture.day("2026-03-08"), in: Fixture.newYork)) == 23)
        #expect(hours(midnight.interval(of: Fixture.day("2026-03-29"), in: Fixture.berlin)) == 23)
    }

    @Test func fallBackDayHas25HoursInNewYorkAndBerlin() {
        #expect(hours(midnight.interval(of: Fixture.day("2026-11-01"), in: Fixture.newYork)) == 25)
        #expect(hours(midnight.interval(of: Fixture.day("2026-10-25"), in: Fixture.berlin)) == 25)
    }

    @Test func ordinaryDayHas24Hours() {
        #expect(hours(midnight.interval(of: Fixture.day("2026-11-22"), in: Fixture.newYork)) == 24)
    }

    @Test func instantsAroundSpringForwardLandOnTheirWallClockDay() {
        let ny = Fixture.newYork
        // 23:59 EST the night before, and the first minutes after the jump.
        #expect(midnight.day(of: Fixture.instant("2026-03-07T23:59:00-05:00"), in: ny) == Fixture.day("2026-03-07"))
        #expect(midnight.day(of: Fixture.instant("2026-03-08T00:00:00-05:00"), in: ny) == Fixture.day("2026-03-08"))
        #expect(midnight.day(of: Fixture.instant("2026-03-08T03:00:00-04:00"), in: ny) == Fixture.day("2026-03-08"))
        #expect(midnight.day(of: Fixture.instant("2026-03-08T23:59:59-04:00"), in: ny) == Fixture.day("2026-03-08"))
        #expect(midnight.day(of: Fixture.instant("2026-03-09T00:00:00-04:00"), in: ny) == Fixture.day("2026-03-09"))
    }

    @Test func bothOneThirtiesOfFallBackNightBelongToThatDay() {
        let ny = Fixture.newYork
        #expect(midnight.day(of: Fixture.instant("2026-11-01T01:30:00-04:00"), in: ny) == Fixture.day("2026-11-01"))
        #expect(midnight.day(of: Fixture.instant("2026-11-01T01:30:00-05:00"), in: ny) == Fixture.day("2026-11-01"))
        #expect(midnight.day(of: Fixture.instant("2026-11-01T23:59:00-05:00"), in: ny) == Fixture.day("2026-11-01"))
    }

    @Test func berlinDSTEndKeepsLateEveningOnItsDay() {
        let berlin = Fixture.berlin
        #expect(midnight.day(of: Fixture.instant("2026-10-25T02:30:00+02:00"), in: berlin) == Fixture.day("2026-10-25"))
        #expect(midnight.day(of: Fixture.instant("2026-10-25T02:30:00+01:00"), in: berlin) == Fixture.day("2026-10-25"))
        #expect(midnight.day(of: Fixture.instant("2026-10-25T23:30:00+01:00"), in: berlin) == Fixture.day("2026-10-25"))
    }

    @Test func fourOClockDayStartPutsSmallHoursOnThePreviousDay() {
        let ny = Fixture.newYork
        #expect(fourAM.day(of: Fixture.instant("2026-11-22T03:59:00-05:00"), in: ny) == Fixture.day("2026-11-21"))
        #expect(fourAM.day(of: Fixture.instant("2026-11-22T04:00:00-05:00"), in: ny) == Fixture.day("2026-11-22"))
        #expect(fourAM.day(of: Fixture.instant("2026-11-23T01:00:00-05:00"), in: ny) == Fixture.day("2026-11-22"))
    }

    @Test func fourOClockDayStartCountsDSTNightsRight() {
        // The day of 2026-03-07 (starting 04:00) contains the spring-forward night: 23 hours.
        #expect(hours(fourAM.interval(of: Fixture.day("2026-03-07"), in: Fixture.newYork)) == 23)
        #expect(hours(fourAM.interval(of: Fixture.day("2026-10-31"), in: Fixture.newYork)) == 25)
        #expect(hours(fourAM.interval(of: Fixture.day("2026-03-28"), in: Fixture.berlin)) == 23)
        #expect(hours(fourAM.interval(of: Fixture.day("2026-10-24"), in: Fixture.berlin)) == 25)
        // 02:30 on the spring-forward night does not exist; 03:30 EDT is still the 7th's night.
        #expect(
            fourAM.day(of: Fixture.instant("2026-03-08T03:30:00-04:00"), in: Fixture.newYork)
                == Fixture.day("2026-03-07"))
    }

    @Test func dayStartInsideTheRepeatedHourNeverGoesBackwards() {
        let boundary = DayBoundary(dayStart: TimeOfDay(hour: 1, minute: 30)!)
        let ny = Fixture.newYork
        // 01:45 EDT is after the day start; 01:15 EST comes 30 minutes later and must not fall back a day.
        let first = boundary.day(of: Fixture.instant("2026-11-01T01:45:00-04:00"), in: ny)
        let later = boundary.day(of: Fixture.instant("2026-11-01T01:15:00-05:00"), in: ny)
        #expect(first == Fixture.day("2026-11-01") && later == Fixture.day("2026-11-01"))
        // Every minute of a week around both transitions lies in the interval of the day it is given.
        for zone in [ny, Fixture.berlin] {
            var instant = Fixture.instant("2026-10-22T00:00:00Z")
            while instant < Fixture.instant("2026-11-05T00:00:00Z") {
                let day = boundary.day(of: instant, in: zone)
                #expect(boundary.interval(of: day, in: zone).contains(instant))
                instant += 601
            }
        }
    }

    @Test func missingWallTimeMovesForwardByTheGap() {
        let local = LocalDateTime(day: Fixture.day("2026-03-08"), time: TimeOfDay(hour: 2, minute: 30)!)
        #expect(Fixture.newYork.instant(of: local) == Fixture.instant("2026-03-08T03:30:00-04:00"))
    }

    @Test func repeatedWallTimeTakesTheFirstOccurrence() {
        let local = LocalDateTime(day: Fixture.day("2026-11-01"), time: TimeOfDay(hour: 1, minute: 30)!)
        #expect(Fixture.newYork.instant(of: local) == Fixture.instant("2026-11-01T01:30:00-04:00"))
    }

    @Test func candidateWindowHoldsEveryZonesDay() {
        let window = midnight.candidateWindow(
            from: Fixture.day("2026-11-22"), to: Fixture.day("2026-11-22"), around: Fixture.berlin)
        let kiritimati = TimeZone(identifier: "Pacific/Kiritimati")!  // UTC+14
        let bakerIsland = TimeZone(identifier: "Etc/GMT+12")!  // UTC-12
        for zone in [kiritimati, bakerIsland] {
            let interval = midnight.interval(of: Fixture.day("2026-11-22"), in: zone)
            #expect(window.contains(interval.start) && window.end >= interval.end)
        }
    }

    /// An entry of the person's own zone belongs to the day only inside it; another zone's may lie anywhere
    /// any zone's day could reach, and nothing lies beyond that.
    @Test func aDayWindowNarrowsOnlyThePersonsOwnZone() {
        let day = Fixture.day("2026-11-22")
        let window = midnight.window(from: day, to: day, around: Fixture.berlin)
        let local = midnight.interval(of: day, in: Fixture.berlin)
        #expect(window.local == local)
        #expect(window.candidates == midnight.candidateWindow(from: day, to: day, around: Fixture.berlin))
        let before = local.start.addingTimeInterval(-60)
        #expect(!window.mayHold(before, zoneID: Fixture.berlin.identifier))
        #expect(window.mayHold(before, zoneID: "Pacific/Kiritimati"))
        #expect(window.mayHold(local.start, zoneID: Fixture.berlin.identifier))
        #expect(!window.mayHold(local.end, zoneID: Fixture.berlin.identifier))
        #expect(!window.mayHold(window.candidates.end, zoneID: "Pacific/Kiritimati"))
    }
}
