import Foundation
import Testing

@testable import TallyCore

@Suite struct BladderDiaryTests {
    let sleep = SleepWindow(bedtime: Fixture.time("23:00"), wakeTime: Fixture.time("07:00"))

    /// Two diary days in New York: night voids at 02:00 and 04:30, first morning voids at 07:10.
    var events: [BathroomEvent] {
        [
            Fixture.event("2026-11-20T07:10:00-05:00", volume: 400),  // first morning void, day 1
            Fixture.event("2026-11-20T12:00:00-05:00", volume: 250, urgency: 2),
            Fixture.event("2026-11-20T18:00:00-05:00", volume: 300, urgency: 3, leak: true),
            Fixture.event("2026-11-20T22:50:00-05:00", volume: 150),  // last void before bed: a day void
            Fixture.event("2026-11-21T02:00:00-05:00", volume: 300),  // night
            Fixture.event("2026-11-21T04:30:00-05:00"),  // night, not measured
            Fixture.event("2026-11-21T07:10:00-05:00", volume: 350),  // first morning void, day 2
            Fixture.event("2026-11-21T15:00:00-05:00", volume: 250),
            Fixture.event("2026-11-22T02:00:00-05:00", volume: 999),  // outside the range
        ]
    }

    var diary: BladderDiary {
        BladderDiary(
            events: events, from: Fixture.day("2026-11-20"), to: Fixture.day("2026-11-21"), boundary: DayBoundary(),
            sleep: sleep)
    }

    @Test func countsVoidsPerDayAndNight() {
        #expect(diary.days == 2)
        #expect(diary.totalVoids == 8)
        #expect(diary.voidsPerDay == 4)
        #expect(diary.nightVoids == 2)
        #expect(diary.dayVoids == 6)
        #expect(diary.leaks == 1)
        #expect(diary.perDay.map(\.voids) == [4, 4])
        #expect(diary.perDay.map(\.nightVoids) == [0, 2])
    }

    @Test func measuresVolumes() {
        #expect(diary.measuredVoids == 7)
        #expect(diary.perDay.map(\.volumeML) == [1100, 900])
        #expect(diary.volumePer24hML == 1000)
        #expect(diary.maxVoidedVolumeML == 400)
        #expect(diary.meanVoidedVolumeML == 2000.0 / 7)
        #expect(diary.meanUrgency == 2.5)
    }

    @Test func nightVolumeIncludesTheFirstMorningVoids() throws {
        // Night voids 300 + first morning voids 400 and 350.
        #expect(diary.nightVolumeML == 1050)
        // 7 of 8 voids measured: the index is withheld, not guessed from part of the night.
        #expect(!diary.isFullyMeasured && diary.nocturnalPolyuriaIndex == nil)
        let measured = BladderDiary(
            events: events.filter { $0.volumeML != nil }, from: Fixture.day("2026-11-20"),
            to: Fixture.day("2026-11-21"), boundary: DayBoundary(), sleep: sleep)
        #expect(measured.isFullyMeasured)
        #expect(measured.nocturnalPolyuriaIndex == Double(try #require(measured.nightVolumeML)) / 2000)
    }

    @Test func withoutVolumesTheVolumeFiguresAreAbsent() {
        let bare = events.map { event -> BathroomEvent in
            var copy = event
            copy.volumeML = nil
            return copy
        }
        let diary = BladderDiary(
            events: bare, from: Fixture.day("2026-11-20"), to: Fixture.day("2026-11-21"), boundary: DayBoundary(),
            sleep: sleep)
        #expect(diary.totalVoids == 8)
        #expect(diary.nocturnalPolyuriaIndex == nil)
        #expect(diary.volumePer24hML == nil)
        #expect(diary.nightVolumeML == nil)
    }

    @Test func sleepWindowMayWrapMidnightOrNot() {
        let wrap = SleepWindow(bedtime: Fixture.time("22:00"), wakeTime: Fixture.time("06:00"))
        let late = SleepWindow(bedtime: Fixture.time("01:00"), wakeTime: Fixture.time("09:00"))
        func at(_ text: String) -> LocalDateTime {
            LocalDateTime(day: Fixture.day("2026-11-22"), time: Fixture.time(text))
        }
        #expect(wrap.isNight(at("23:00")) && wrap.isNight(at("05:59")) && !wrap.isNight(at("06:00")))
        #expect(late.isNight(at("01:00")) && !late.isNight(at("00:59")) && !late.isNight(at("09:00")))
    }
}
