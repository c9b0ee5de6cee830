import Foundation

/// A frequency-volume chart over a range of local days, as a clinician reads a bladder diary.
///
/// Night follows the International Continence Society: voids between bedtime and wake time are night
/// voids (nocturia), and the night volume also counts the first void after waking, which holds urine
/// made during the night; that first morning void is still counted as a day void.
public struct BladderDiary: Hashable, Sendable {
    public struct Day: Hashable, Sendable {
        public let day: LocalDay
        public var voids = 0
        public var nightVoids = 0
        public var leaks = 0
        public var measuredVoids = 0
        /// Sum of the measured volumes; nil when nothing was measured.
        public var volumeML: Int?

        public var dayVoids: Int { voids - nightVoids }
    }

    public let from: LocalDay
    public let to: LocalDay
    public let sleep: SleepWindow
    public let perDay: [Day]
    public let nightVolumeML: Int?
    public let meanUrgency: Double?
    public let maxVoidedVolumeML: Int?
    private let measuredVolumeTotal: Int

    public var days: Int { perDay.count }
    public var totalVoids: Int { perDay.reduce(0) { $0 + $1.voids } }
    public var nightVoids: Int { perDay.reduce(0) { $0 + $1.nightVoids } }
    public var dayVoids: Int { totalVoids - nightVoids }
    public var leaks: Int { perDay.reduce(0) { $0 + $1.leaks } }
    public var measuredVoids: Int { perDay.reduce(0) { $0 + $1.measuredVoids } }
    public var voidsPerDay: Double { days == 0 ? 0 : Double(totalVoids) / Double(days) }

    /// Mean of the daily measured totals, over the days on which anything was measured.
    public var volumePer24hML: Double? {
        let totals = perDay.compactMap(\.volumeML)
        return totals.isEmpty ? nil : Double(totals.reduce(0, +)) / Double(totals.count)
    }

    public var meanVoidedVolumeML: Double? {
        measuredVoids == 0 ? nil : Double(measuredVolumeTotal) / Double(measuredVoids)
    }

    /// Night volume over the 24-hour volume; above 0.33 at 65 and over (0.20 under 65, ICS 2019) suggests
    /// nocturnal polyuria. Withheld (nil) unless every void of the diary was measured: from some of them it would say nothing true (one
    /// measured night void of four would read as 1.0).
    public var nocturnalPolyuriaIndex: Double? {
        guard isFullyMeasured, let night = nightVolumeML, measuredVolumeTotal > 0 else { return nil }
        return Double(night) / Double(measuredVolumeTotal)
    }

    /// Whether every void has its volume: what the volume ratios need.
    public var isFullyMeasured: Bool { totalVoids > 0 && measuredVoids == totalVoids }

    /// Builds the diary for the days `from...to` from any events; those outside the range are ignored.
    public init(
        events: [BathroomEvent], from: LocalDay, to: LocalDay, boundary: DayBoundary, sleep: SleepWindow
    ) {
        self.from = from
        self.to = to
        self.sleep = sleep
        var perDay = (0...max(0, from.days(to: to))).map { Day(day: from.adding(days: $0)) }
        let inRange = events.map { ($0, $0.localDay(boundary)) }.filter { (from...to).contains($0.1) }
            .sorted { $0.0.at < $1.0.at }
        let firstMorningVoids = Self.firstMorningVoids(inRange.map(\.0), sleep: sleep)
        var night: Int?
        var total = 0
        var maxVolume: Int?
        var urgencies: [Int] = []
        for (event, day) in inRange {
            let index = from.days(to: day)
            let isNight = sleep.isNight(event.localDateTime)
            perDay[index].voids += 1
            if isNight { perDay[index].nightVoids += 1 }
            if event.leak { perDay[index].leaks += 1 }
            if let urgency = event.urgency { urgencies.append(urgency) }
            guard let volume = event.volumeML else { continue }
            perDay[index].measuredVoids += 1
            perDay[index].volumeML = (perDay[index].volumeML ?? 0) + volume
            total += volume
            maxVolume = max(maxVolume ?? volume, volume)
            if isNight || firstMorningVoids.contains(event.id) { night = (night ?? 0) + volume }
        }
        self.perDay = perDay
        self.measuredVolumeTotal = total
        self.maxVoidedVolumeML = maxVolume
        self.nightVolumeML = total > 0 ? (night ?? 0) : nil
        self.meanUrgency = urgencies.isEmpty ? nil : Double(urgencies.reduce(0, +)) / Double(urgencies.count)
    }

    /// The first day-time void of each wall-clock morning: the first void at or after wake time.
    private static func firstMorningVoids(_ sortedEvents: [BathroomEvent], sleep: SleepWindow) -> Set<UUID> {
        var seenMornings = Set<LocalDay>()
        var result = Set<UUID>()
        for event in sortedEvents {
            let local = event.localDateTime
            guard !sleep.isNight(local), local.secondOfDay >= sleep.wakeTime.secondOfDay else { continue }
            if seenMornings.insert(local.day).inserted { result.insert(event.id) }
        }
        return result
    }
}
