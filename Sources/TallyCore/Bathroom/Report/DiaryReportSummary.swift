/// The figures of a bladder diary report's first page, over all its days, each with the voids it rests on.
public struct DiaryReportSummary: Hashable, Sendable {
    /// Mean and maximum voided volume need this many measured voids; fewer say little about capacity.
    public static let minimumMeasuredVoids = 3
    /// Grade 3 (severe) and 4 (urge incontinence) of the urgency scale count as urgency episodes.
    public static let urgencyEpisodeGrade = 3
    /// ICS 2020: a maximum voided volume of 200 ml or less is a small bladder capacity.
    public static let smallCapacityML = 200.0

    /// Days with any void recorded.
    public let keptDays: Int
    /// Days whose 24-hour volume is complete, and nights whose nocturnal volume is.
    public let completeDays: Int
    public let completeNights: Int
    public let volume24hMean: DiaryFigure
    public let maxVoidedVolume: DiaryFigure
    public let meanVoidedVolume: DiaryFigure
    /// Voids per day, wake time to bedtime, over the days with anything recorded.
    public let dayFrequency: DiaryFigure
    /// Voids per night, bedtime to wake time, over the days with anything recorded.
    public let nightFrequency: DiaryFigure
    /// Mean nocturnal urine volume over the complete nights.
    public let nocturnalVolume: DiaryFigure
    /// Nocturnal urine volume over the night's hours, complete nights pooled, ml/h.
    public let nocturnalProduction: DiaryFigure
    /// Nocturnal over 24-hour volume, the days with both complete pooled.
    public let polyuriaIndex: DiaryFigure
    /// Mean nocturnal volume over the maximum voided volume.
    public let nocturiaIndex: DiaryFigure
    public let leaks: Int
    public let urgencyEpisodes: Int
    /// Voids at each urgency grade 0...4; voids without a grade are not counted.
    public let urgencyByGrade: [Int]
    public let doubleVoids: Int
    /// The voids of the diary days (the morning after the last day's first void is not one of them).
    public let voids: Int

    init(days: [DiaryReportDay], allVoids: [DiaryVoid]) {
        let kept = days.filter(\.isKept)
        keptDays = kept.count
        let noDays = "no voids recorded"
        dayFrequency = Self.mean(
            kept.map { Double($0.dayFrequency) }, voids: kept.reduce(0) { $0 + $1.dayFrequency }, none: noDays)
        nightFrequency = Self.mean(
            kept.map { Double($0.nightFrequency) }, voids: kept.reduce(0) { $0 + $1.nightFrequency }, none: noDays)
        let completeDays = days.filter { $0.volume24h.value != nil }
        self.completeDays = completeDays.count
        volume24hMean = Self.mean(
            completeDays.compactMap(\.volume24h.value), voids: completeDays.reduce(0) { $0 + $1.volume24h.voids },
            none: "no day has every void measured from getting up to the next morning's first void")
        let measured = allVoids.compactMap(\.volumeML).map(Double.init)
        if measured.count < Self.minimumMeasuredVoids {
            let reason = "it needs at least \(Self.minimumMeasuredVoids) measured voids"
            maxVoidedVolume = .withheld(reason, voids: measured.count)
            meanVoidedVolume = .withheld(reason, voids: measured.count)
        } else {
            maxVoidedVolume = .shown(measured.max()!, voids: measured.count)
            meanVoidedVolume = .shown(measured.reduce(0, +) / Double(measured.count), voids: measured.count)
        }
        let completeNights = days.filter { $0.nocturnalVolume.value != nil }
        self.completeNights = completeNights.count
        let nightVoids = completeNights.reduce(0) { $0 + $1.nocturnalVolume.voids }
        let noNight = "no night has every void measured up to the next morning's first void"
        nocturnalVolume = Self.mean(
            completeNights.compactMap(\.nocturnalVolume.value), voids: nightVoids, none: noNight)
        let hours = completeNights.reduce(0.0) { $0 + $1.nightHours }
        nocturnalProduction =
            completeNights.isEmpty
            ? .withheld(noNight, voids: 0)
            : .shown(completeNights.compactMap(\.nocturnalVolume.value).reduce(0, +) / hours, voids: nightVoids)
        let bothComplete = days.filter { $0.polyuriaIndex.value != nil }
        polyuriaIndex =
            bothComplete.isEmpty
            ? .withheld(
                "no day has both its 24-hour and its nocturnal volume complete", voids: 0)
            : .shown(
                bothComplete.compactMap(\.nocturnalVolume.value).reduce(0, +)
                    / bothComplete.compactMap(\.volume24h.value).reduce(0, +),
                voids: bothComplete.reduce(0) { $0 + $1.volume24h.voids })
        nocturiaIndex = nocturnalVolume.combined(with: maxVoidedVolume, voids: nightVoids) {
            $1 > 0 ? $0 / $1 : nil
        }
        let all = days.flatMap(\.voids)
        voids = all.count
        leaks = all.filter(\.leak).count
        urgencyEpisodes = all.filter { ($0.urgency ?? 0) >= Self.urgencyEpisodeGrade }.count
        urgencyByGrade = Urgency.range.map { grade in all.filter { $0.urgency == grade }.count }
        doubleVoids = all.filter(\.isDoubleVoid).count
    }

    /// Whether the maximum voided volume is a small capacity; nil while it is withheld.
    public var isSmallCapacity: Bool? { maxVoidedVolume.value.map { $0 <= Self.smallCapacityML } }

    private static func mean(_ values: [Double], voids: Int, none: String) -> DiaryFigure {
        values.isEmpty
            ? .withheld(none, voids: voids) : .shown(values.reduce(0, +) / Double(values.count), voids: voids)
    }
}
