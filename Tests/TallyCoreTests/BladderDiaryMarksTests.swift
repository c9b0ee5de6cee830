import Foundation
import Testing

@testable import TallyCore

/// The report's day and night follow the person's "went to bed" and "got up" marks where given, and the
/// sleep window (bed 23:00, up 07:00) otherwise (ICS 2019: the main sleep period is the person's own).
///
/// A late night in New York, diary day 2026-11-10: went to bed at 01:30 on the 11th, got up at 09:10.
///
/// | Void (ml)        | sleep window only           | with the marks              |
/// |------------------|-----------------------------|-----------------------------|
/// | 10th 07:30, 300  | first morning void (day)    | first morning void (day)    |
/// | 10th 23:30, 200  | night                       | day                         |
/// | 11th 01:00, 150  | night                       | day                         |
/// | 11th 04:00, 250  | night                       | night                       |
/// | 11th 08:00, 300  | next morning's first void   | night                       |
/// | 11th 09:30, 400  | (next day)                  | next morning's first void   |
///
/// With the marks: nocturnal volume 250 + 300 + 400 = 950 ml, 24-hour volume 200 + 150 + 950 = 1,300 ml,
/// a night of 7 h 40 min.
@Suite struct BladderDiaryMarksTests {
    static let sleep = SleepWindow(bedtime: Fixture.time("23:00"), wakeTime: Fixture.time("07:00"))

    static func mark(_ kind: SleepMark.Kind, _ day: String, _ at: String) -> SleepMark {
        let instant = Fixture.instant(at)
        let meta = RecordMeta(
            id: UUID(), ownerID: LocalUser.id, createdAt: instant, modifiedAt: instant, deviceID: UUID(), stamp: .zero)
        return SleepMark(
            meta: meta, day: Fixture.day(day), kind: kind, at: instant, timeZoneID: Fixture.newYork.identifier)
    }

    static let events = [
        Fixture.event("2026-11-10T07:30:00-05:00", volume: 300),
        Fixture.event("2026-11-10T23:30:00-05:00", volume: 200),
        Fixture.event("2026-11-11T01:00:00-05:00", volume: 150),
        Fixture.event("2026-11-11T04:00:00-05:00", volume: 250),
        Fixture.event("2026-11-11T08:00:00-05:00", volume: 300),
        Fixture.event("2026-11-11T09:30:00-05:00", volume: 400),
    ]

    static func day(marks: [SleepMark]) -> DiaryReportDay {
        BladderDiaryReport(
            events: events, water: [], from: Fixture.day("2026-11-10"), to: Fixture.day("2026-11-10"), sleep: sleep,
            zone: Fixture.newYork, birthYear: nil, marks: marks
        ).days[0]
    }

    @Test func aLateNightFollowsItsMarksNotTheSleepWindow() {
        let marked = Self.day(marks: [
            Self.mark(.bed, "2026-11-10", "2026-11-11T01:30:00-05:00"),
            Self.mark(.wake, "2026-11-11", "2026-11-11T09:10:00-05:00"),
        ])
        #expect(marked.dayVoids.map(\.volumeML) == [300, 200, 150])
        #expect(marked.nightVoids.map(\.volumeML) == [250, 300])
        #expect(marked.nextMorningVoid?.volumeML == 400)
        #expect(marked.nocturnalVolume == .shown(950, voids: 3))
        #expect(marked.volume24h == .shown(1300, voids: 5))
        #expect(marked.nightHours == 7 + 40.0 / 60)

        let unmarked = Self.day(marks: [])
        #expect(unmarked.dayVoids.map(\.volumeML) == [300])
        #expect(unmarked.nightVoids.map(\.volumeML) == [200, 150, 250])
        #expect(unmarked.nextMorningVoid?.volumeML == 300)
        #expect(unmarked.nightHours == 8)
    }

    @Test func oneMarkMovesOnlyItsEndOfTheNight() {
        let bedOnly = Self.day(marks: [Self.mark(.bed, "2026-11-10", "2026-11-11T01:30:00-05:00")])
        #expect(bedOnly.nightVoids.map(\.volumeML) == [250])
        #expect(bedOnly.nextMorningVoid?.volumeML == 300)
        #expect(bedOnly.nightHours == 5.5)
    }

    /// Spring forward in New York at 02:00 on 2026-03-08: to bed at 00:30 EST, up at 08:15 EDT is 6 h 45 min
    /// on the clock (7 h 45 min on the wall). Nocturnal volume 250 + 350 + 300 = 900 ml, production 900 / 6.75.
    @Test func aSpringForwardNightWithMarksIsMeasuredInRealHours() {
        let report = BladderDiaryReport(
            events: [
                Fixture.event("2026-03-07T08:00:00-05:00", volume: 300),
                Fixture.event("2026-03-08T00:10:00-05:00", volume: 100),  // before going to bed: a day void
                Fixture.event("2026-03-08T03:30:00-04:00", volume: 250),
                Fixture.event("2026-03-08T07:40:00-04:00", volume: 350),  // still in bed: night
                Fixture.event("2026-03-08T08:30:00-04:00", volume: 300),  // closes the night
            ],
            water: [], from: Fixture.day("2026-03-07"), to: Fixture.day("2026-03-07"), sleep: Self.sleep,
            zone: Fixture.newYork, birthYear: nil,
            marks: [
                Self.mark(.bed, "2026-03-07", "2026-03-08T00:30:00-05:00"),
                Self.mark(.wake, "2026-03-08", "2026-03-08T08:15:00-04:00"),
            ])
        let day = report.days[0]
        #expect(day.dayVoids.map(\.volumeML) == [300, 100])
        #expect(day.nightVoids.map(\.volumeML) == [250, 350])
        #expect(day.nightHours == 6.75)
        #expect(day.nocturnalVolume == .shown(900, voids: 3))
        #expect(day.nocturnalProduction == .shown(900 / 6.75, voids: 3))
    }

    @Test func aMarksDayFollowsItsTimeAndTheUsualWakeTime() {
        let sleep = Self.sleep
        let late = LocalDateTime(day: Fixture.day("2026-11-11"), time: Fixture.time("01:30"))
        #expect(SleepMark.day(of: .bed, at: late, sleep: sleep) == Fixture.day("2026-11-10"))
        #expect(SleepMark.day(of: .wake, at: late, sleep: sleep) == Fixture.day("2026-11-11"))
        #expect(SleepMark.local(.bed, Fixture.time("01:30"), on: Fixture.day("2026-11-10"), sleep: sleep) == late)
        #expect(
            SleepMark.local(.bed, Fixture.time("22:45"), on: Fixture.day("2026-11-10"), sleep: sleep)
                == LocalDateTime(day: Fixture.day("2026-11-10"), time: Fixture.time("22:45")))
    }

    @Test func aMarkOffItsDayIsRefused() {
        #expect(throws: TallyError.self) {
            try Self.mark(.wake, "2026-11-10", "2026-11-11T09:10:00-05:00").validated(in: RecordBatch([]))
        }
        #expect(throws: TallyError.self) {
            try Self.mark(.bed, "2026-11-10", "2026-11-12T00:30:00-05:00").validated(in: RecordBatch([]))
        }
        #expect(throws: Never.self) {
            try Self.mark(.bed, "2026-11-10", "2026-11-11T01:30:00-05:00").validated(in: RecordBatch([]))
        }
    }
}
