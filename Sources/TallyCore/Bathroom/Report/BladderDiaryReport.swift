import Foundation

/// A bladder diary report a clinician can read: the figures of the International Continence Society's
/// frequency-volume chart over a period, and each day's chart. Computed from records alone: the zone, the
/// sleep window and the birth year are given, nothing is read from the machine.
public struct BladderDiaryReport: Hashable, Sendable {
    public let from: LocalDay
    public let to: LocalDay
    public let sleep: SleepWindow
    public let birthYear: Int?
    public let days: [DiaryReportDay]
    public let summary: DiaryReportSummary

    /// Builds the report of the diary days `from...to`. `events` and `water` may hold anything around the
    /// period; the report takes what lies from wake time on `from` to the first void after wake time on the
    /// day after `to`. `zone` measures the nights' lengths. `marks` (went to bed, got up) move a day's
    /// wake time and bedtime from the sleep window's where given.
    public init(
        events: [BathroomEvent], water: [WaterEntry], from: LocalDay, to: LocalDay, sleep: SleepWindow,
        zone: TimeZone, birthYear: Int?, marks: [SleepMark] = []
    ) {
        self.from = from
        self.to = to
        self.sleep = sleep
        self.birthYear = birthYear
        let voids = DoubleVoidRule.voids(events)
        let marked = SleepMarks(marks)
        let days = (0...max(0, from.days(to: to))).map {
            DiaryReportDay(
                window: DiaryDayWindow(day: from.adding(days: $0), sleep: sleep, marks: marked), voids: voids,
                drinks: water, zone: zone)
        }
        self.days = days
        let closing = days.last?.nextMorningVoid.map { [$0] } ?? []
        summary = DiaryReportSummary(days: days, allVoids: days.flatMap(\.voids) + closing)
    }

    /// The person's age in the period's last year, when a birth year is known.
    public var age: Int? { birthYear.map { NocturnalPolyuriaThreshold.age(birthYear: $0, in: to) } }

    /// The line the nocturnal polyuria index is read against, when the age is known.
    public var polyuriaThreshold: Double? { age.map(NocturnalPolyuriaThreshold.threshold(age:)) }

    /// Whether the index is above the age-adjusted line; nil while the index is withheld or the age unknown.
    public var suggestsNocturnalPolyuria: Bool? {
        guard let index = summary.polyuriaIndex.value, let line = polyuriaThreshold else { return nil }
        return index > line
    }
}
