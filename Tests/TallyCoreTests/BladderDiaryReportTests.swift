import Foundation
import Testing

@testable import TallyCore

/// The bladder diary report against a worked example, figure by figure.
///
/// Definitions (ICS standardisation of terminology, 2002; ICS nocturia and nocturnal polyuria, 2019;
/// ICS 2020 for small capacity), as the report applies them:
/// - Day frequency: voids from wake time to bedtime, the first void after getting up included.
/// - Night frequency (nocturia): voids from bedtime to wake time (the main sleep period).
/// - 24-hour voided volume: from the second void after getting up to the first void after getting up the
///   next morning, that void included.
/// - Nocturnal urine volume (NUV): the night's voids and the next morning's first void.
/// - Nocturnal polyuria index (NPi): NUV / 24-hour volume; above 33% at 65 and over, above 20% under.
/// - Nocturia index (Ni): NUV / maximum voided volume.
/// - Nocturnal urine production (NUP): NUV / hours from bedtime to wake time, ml/h.
/// - Small capacity: a maximum voided volume of 200 ml or less.
///
/// The worked example: New York, bed 23:00, up 07:00, diary days 2026-03-06 to 2026-03-08. US clocks
/// spring forward at 02:00 on 2026-03-08, so the second night lasts 7 hours, not 8.
///
/// | Day | Day voids (ml)                          | Night voids | Next first void | 24 h  | NUV | h |
/// |-----|-----------------------------------------|-------------|-----------------|-------|-----|---|
/// | 1   | 300 (first), 200, 250+50 double, 250, 150 | 200       | 350             | 1450  | 550 | 8 |
/// | 2   | 350 (first), 250 leak, ? , 200          | 250, 300    | 400             | —     | 950 | 7 |
/// | 3   | 400 (first), 300, 250, 200              | 150         | 380 (on 03-09)  | 1280  | 530 | 8 |
///
/// Day 2 has one void without a volume: its 24-hour volume is withheld, its night is complete.
@Suite struct BladderDiaryReportTests {
    static let sleep = SleepWindow(bedtime: Fixture.time("23:00"), wakeTime: Fixture.time("07:00"))

    static let events: [BathroomEvent] = [
        Fixture.event("2026-03-06T06:30:00-05:00", volume: 999),  // before the diary's first wake time
        Fixture.event("2026-03-06T07:15:00-05:00", volume: 300, urgency: 1),  // day 1 first morning void
        Fixture.event("2026-03-06T10:00:00-05:00", volume: 200, urgency: 2),
        Fixture.event("2026-03-06T13:00:00-05:00", volume: 250, urgency: 3),
        Fixture.event("2026-03-06T13:05:00-05:00", volume: 50),  // double void with 13:00
        Fixture.event("2026-03-06T17:00:00-05:00", volume: 250),
        Fixture.event("2026-03-06T22:30:00-05:00", volume: 150),  // last before bed: a day void
        Fixture.event("2026-03-07T03:00:00-05:00", volume: 200),  // night 1
        Fixture.event("2026-03-07T07:20:00-05:00", volume: 350),  // closes day 1
        Fixture.event("2026-03-07T11:00:00-05:00", volume: 250, urgency: 4, leak: true),
        Fixture.event("2026-03-07T15:00:00-05:00", urgency: 2),  // not measured
        Fixture.event("2026-03-07T19:00:00-05:00", volume: 200),
        Fixture.event("2026-03-07T23:30:00-05:00", volume: 250),  // night 2
        Fixture.event("2026-03-08T03:30:00-04:00", volume: 300),  // night 2, after the change of clocks
        Fixture.event("2026-03-08T07:10:00-04:00", volume: 400),  // closes day 2
        Fixture.event("2026-03-08T12:00:00-04:00", volume: 300),
        Fixture.event("2026-03-08T18:00:00-04:00", volume: 250),
        Fixture.event("2026-03-08T22:45:00-04:00", volume: 200),
        Fixture.event("2026-03-09T02:00:00-04:00", volume: 150),  // night 3
        Fixture.event("2026-03-09T07:05:00-04:00", volume: 380),  // closes day 3, past the period's edge
        Fixture.event("2026-03-09T12:00:00-04:00", volume: 500),  // after the report
    ]

    static let water: [WaterEntry] = [
        Fixture.water("2026-03-06T08:00:00-05:00", 500),
        Fixture.water("2026-03-06T23:30:00-05:00", 200),
        Fixture.water("2026-03-07T06:00:00-05:00", 100),  // before getting up: still diary day 1
        Fixture.water("2026-03-07T12:00:00-05:00", 1000),
    ]

    static func report(birthYear: Int? = nil, events: [BathroomEvent] = events) -> BladderDiaryReport {
        BladderDiaryReport(
            events: events, water: water, from: Fixture.day("2026-03-06"), to: Fixture.day("2026-03-08"),
            sleep: sleep, zone: Fixture.newYork, birthYear: birthYear)
    }

    let report = Self.report()

    @Test func aDiaryDayRunsFromGettingUpToGettingUp() {
        #expect(report.days.map(\.dayFrequency) == [5, 4, 4])
        #expect(report.days.map(\.nightFrequency) == [1, 2, 1])
        #expect(report.days.map { $0.firstMorningVoid?.volumeML } == [300, 350, 400])
        #expect(report.days.map { $0.nextMorningVoid?.volumeML } == [350, 400, 380])
    }

    @Test func aDoubleVoidCountsOnceWithItsVolumesAdded() throws {
        let day = report.days[0]
        let double = try #require(day.dayVoids.first { $0.isDoubleVoid })
        #expect(double.volumeML == 300 && double.urgency == 3 && double.eventIDs.count == 2)
        #expect(report.summary.doubleVoids == 1)
    }

    @Test func theFirstMorningVoidBelongsToTheNightBefore() {
        // Day 1: 200 + 300 + 250 + 150 (day, without the first void) + 200 (night) + 350 (next morning).
        #expect(report.days[0].volume24h == .shown(1450, voids: 6))
        #expect(report.days[0].nocturnalVolume == .shown(550, voids: 2))
        #expect(report.days[0].polyuriaIndex.value == 550.0 / 1450)
    }

    @Test func aMissingVolumeWithholdsTheDayButNotTheNight() {
        #expect(report.days[1].volume24h == .withheld("1 of 6 voids have no measured volume", voids: 6))
        #expect(report.days[1].nocturnalVolume == .shown(950, voids: 3))
        #expect(report.days[1].polyuriaIndex.value == nil)
    }

    @Test func aSpringForwardNightHasSevenHours() {
        #expect(report.days.map(\.nightHours) == [8, 7, 8])
        #expect(report.days[1].nocturnalProduction == .shown(950.0 / 7, voids: 3))
        #expect(report.days[0].nocturnalProduction == .shown(550.0 / 8, voids: 2))
    }

    @Test func theLastNightReadsTheMorningAfterThePeriod() {
        #expect(report.days[2].volume24h == .shown(1280, voids: 5))
        #expect(report.days[2].nocturnalVolume == .shown(530, voids: 2))
        let cut = Self.report(events: Self.events.filter { $0.at < Fixture.instant("2026-03-09T07:00:00-04:00") })
        let reason = "the next morning's first void is not in the diary"
        #expect(cut.days[2].volume24h.withheldReason == reason)
        #expect(cut.days[2].nocturnalVolume.withheldReason == reason)
    }

    @Test func pageOneFigures() {
        let summary = report.summary
        #expect(summary.keptDays == 3)
        #expect(summary.dayFrequency == .shown(13.0 / 3, voids: 13))
        #expect(summary.nightFrequency == .shown(4.0 / 3, voids: 4))
        // Days 1 and 3 are complete.
        let days: Double = 1450 + 1280
        #expect(summary.volume24hMean == .shown(days / 2, voids: 11))
        // 17 measured voids, the one after the period's edge included; the 999 before it is not.
        #expect(summary.maxVoidedVolume == .shown(400, voids: 17))
        #expect(summary.meanVoidedVolume == .shown(4430.0 / 17, voids: 17))
        let nights: Double = 550 + 950 + 530
        #expect(summary.nocturnalVolume == .shown(nights / 3, voids: 7))
        #expect(summary.nocturnalProduction == .shown(2030.0 / 23, voids: 7))
        // Pooled over the days with both volumes complete: (550 + 530) / (1450 + 1280).
        let pooled: Double = 1080.0 / 2730
        #expect(summary.polyuriaIndex == .shown(pooled, voids: 11))
        let meanNight: Double = 2030.0 / 3
        #expect(summary.nocturiaIndex.value == meanNight / 400)
        #expect(summary.leaks == 1)
        #expect(summary.urgencyEpisodes == 2)
        #expect(summary.urgencyByGrade == [0, 1, 2, 1, 1])
        #expect(summary.isSmallCapacity == false)
    }

    @Test func intakeStandsBesideOutputPerDay() {
        #expect(report.days.map(\.intakeML) == [800, 1000, 0])
    }

    @Test func thePolyuriaLineDependsOnAge() {
        // NPi 0.396: above 0.33 at 68 (born 1958), above 0.20 at 46 (born 1980); no line without a birth year.
        #expect(Self.report(birthYear: 1958).polyuriaThreshold == 0.33)
        #expect(Self.report(birthYear: 1958).suggestsNocturnalPolyuria == true)
        #expect(Self.report(birthYear: 1980).polyuriaThreshold == 0.20)
        #expect(Self.report(birthYear: 1961).age == 65)
        #expect(Self.report(birthYear: 1962).polyuriaThreshold == 0.20)
        #expect(report.suggestsNocturnalPolyuria == nil)
    }

    @Test func fewMeasuredVoidsWithholdCapacity() {
        let few = Self.report(events: [
            Fixture.event("2026-03-06T09:00:00-05:00", volume: 150),
            Fixture.event("2026-03-06T12:00:00-05:00"),
            Fixture.event("2026-03-06T15:00:00-05:00", volume: 180),
        ])
        let reason = "it needs at least 3 measured voids"
        #expect(few.summary.maxVoidedVolume == .withheld(reason, voids: 2))
        #expect(few.summary.isSmallCapacity == nil)
        #expect(few.summary.nocturiaIndex.value == nil)
        #expect(few.summary.dayFrequency == .shown(3, voids: 3))
        #expect(few.summary.volume24hMean.withheldReason != nil)
    }

    @Test func smallCapacityAtTwoHundredMillilitres() {
        let small = Self.report(events: [
            Fixture.event("2026-03-06T09:00:00-05:00", volume: 150),
            Fixture.event("2026-03-06T12:00:00-05:00", volume: 200),
            Fixture.event("2026-03-06T15:00:00-05:00", volume: 120),
        ])
        #expect(small.summary.maxVoidedVolume == .shown(200, voids: 3))
        #expect(small.summary.isSmallCapacity == true)
    }

    @Test func aBedtimeAfterMidnightFallsOnTheNextDay() {
        let window = DiaryDayWindow(
            day: Fixture.day("2026-10-31"),
            sleep: SleepWindow(bedtime: Fixture.time("00:30"), wakeTime: Fixture.time("07:00")))
        #expect(window.bed == LocalDateTime(day: Fixture.day("2026-11-01"), time: Fixture.time("00:30")))
        // US clocks fall back at 02:00 on 2026-11-01: that night is an hour longer.
        #expect(window.nightHours(in: Fixture.newYork) == 7.5)
    }
}
