import Foundation

/// One day of a bladder diary report, getting up to getting up, with its frequency-volume chart and figures.
///
/// Following the International Continence Society (2002 and 2019 terminology): day frequency counts the
/// voids from wake time to bedtime, the first morning void and the last void before sleep included; night
/// frequency (nocturia) counts the voids from bedtime to the next wake time. The 24-hour and nocturnal
/// volumes leave out this morning's first void, which holds the night before's urine, and take in the
/// next morning's first void instead.
public struct DiaryReportDay: Hashable, Sendable {
    public let window: DiaryDayWindow
    /// Wake time to bedtime; the first is this morning's first void.
    public let dayVoids: [DiaryVoid]
    /// Bedtime to the next wake time.
    public let nightVoids: [DiaryVoid]
    /// The first void after the next wake time: it closes this day's 24 hours and its night.
    public let nextMorningVoid: DiaryVoid?
    /// What was drunk from wake time to the next wake time (the water log).
    public let drinks: [WaterEntry]
    public let volume24h: DiaryFigure
    public let nocturnalVolume: DiaryFigure
    /// Nocturnal volume over the night's hours, ml/h.
    public let nocturnalProduction: DiaryFigure
    /// Nocturnal volume over the 24-hour volume.
    public let polyuriaIndex: DiaryFigure
    /// The night's length on the clock, bedtime to wake time: an hour less or more across a change of clocks.
    public let nightHours: Double

    public var day: LocalDay { window.day }
    public var firstMorningVoid: DiaryVoid? { dayVoids.first }
    public var dayFrequency: Int { dayVoids.count }
    public var nightFrequency: Int { nightVoids.count }
    public var voids: [DiaryVoid] { dayVoids + nightVoids }
    public var leaks: Int { voids.filter(\.leak).count }
    public var urgencyEpisodes: Int {
        voids.filter { ($0.urgency ?? 0) >= DiaryReportSummary.urgencyEpisodeGrade }.count
    }
    public var doubleVoids: Int { voids.filter(\.isDoubleVoid).count }
    public var intakeML: Double { drinks.reduce(0) { $0 + $1.amountML } }
    /// Whether anything at all was recorded this day.
    public var isKept: Bool { !voids.isEmpty }

    /// `voids` and `drinks` may hold anything; each day takes what lies in its own window.
    init(window: DiaryDayWindow, voids: [DiaryVoid], drinks: [WaterEntry], zone: TimeZone) {
        self.window = window
        dayVoids = voids.filter { window.isAwake($0.time) }
        nightVoids = voids.filter { window.isNight($0.time) }
        let next = window.next
        nextMorningVoid = voids.first { next.isAwake($0.time) }
        self.drinks = drinks.filter { window.wake <= $0.localDateTime && $0.localDateTime < window.nextWake }
        let closing = nextMorningVoid == nil ? "the next morning's first void is not in the diary" : nil
        let nightAndMorning = nightVoids + (nextMorningVoid.map { [$0] } ?? [])
        volume24h = DiaryVolumeSum.of(Array(dayVoids.dropFirst()) + nightAndMorning, missing: closing)
        nocturnalVolume = DiaryVolumeSum.of(nightAndMorning, missing: closing)
        nightHours = window.nightHours(in: zone)
        nocturnalProduction = nocturnalVolume.combined(with: .shown(nightHours, voids: 0), voids: nightAndMorning.count)
        {
            $1 > 0 ? $0 / $1 : nil
        }
        polyuriaIndex = nocturnalVolume.combined(with: volume24h, voids: volume24h.voids) { $1 > 0 ? $0 / $1 : nil }
    }
}
