import Foundation

/// The report as JSON (`tally pee report --format json`): an interface scripts and other tools read.
/// `format` and `version` name it; a later version adds keys and never renames or removes one; every key is
/// always present, `null` when it has no value. Volumes are ml, local times `YYYY-MM-DDTHH:MM` on the clock
/// where the void happened, instants ISO 8601 in UTC.
public struct BladderDiaryReportDocument: Encodable, Sendable {
    public static let formatName = "tally-bladder-diary-report"
    public static let currentVersion = 1

    struct Figures: Encodable {
        let volume24hMeanMl: DiaryFigure
        let maxVoidedVolumeMl: DiaryFigure
        let meanVoidedVolumeMl: DiaryFigure
        let dayFrequency: DiaryFigure
        let nightFrequency: DiaryFigure
        let nocturnalVolumeMl: DiaryFigure
        let nocturnalProductionMlPerHour: DiaryFigure
        let nocturnalPolyuriaIndex: DiaryFigure
        let nocturiaIndex: DiaryFigure
    }

    struct Flag: Encodable {
        let threshold: Double?
        let flagged: Bool?
        let reason: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(threshold, forKey: .threshold)
            try container.encode(flagged, forKey: .flagged)
            try container.encode(reason, forKey: .reason)
        }

        private enum CodingKeys: String, CodingKey { case threshold, flagged, reason }
    }

    let format = formatName
    let version = currentVersion
    let from: String
    let to: String
    let bedtime: String
    let wakeTime: String
    let doubleVoidWindowMinutes: Int
    let minimumMeasuredVoids: Int
    let birthYear: Int?
    let age: Int?
    let keptDays: Int
    let voids: Int
    let doubleVoids: Int
    let leaks: Int
    let urgencyEpisodes: Int
    let urgencyByGrade: [Int]
    let figures: Figures
    let nocturnalPolyuria: Flag
    let smallCapacity: Flag
    let days: [DiaryDayDocument]

    public init(_ report: BladderDiaryReport) {
        let summary = report.summary
        from = report.from.description
        to = report.to.description
        bedtime = report.sleep.bedtime.description
        wakeTime = report.sleep.wakeTime.description
        doubleVoidWindowMinutes = Int(DoubleVoidRule.window / 60)
        minimumMeasuredVoids = DiaryReportSummary.minimumMeasuredVoids
        birthYear = report.birthYear
        age = report.age
        keptDays = summary.keptDays
        voids = summary.voids
        doubleVoids = summary.doubleVoids
        leaks = summary.leaks
        urgencyEpisodes = summary.urgencyEpisodes
        urgencyByGrade = summary.urgencyByGrade
        figures = Figures(
            volume24hMeanMl: summary.volume24hMean, maxVoidedVolumeMl: summary.maxVoidedVolume,
            meanVoidedVolumeMl: summary.meanVoidedVolume, dayFrequency: summary.dayFrequency,
            nightFrequency: summary.nightFrequency, nocturnalVolumeMl: summary.nocturnalVolume,
            nocturnalProductionMlPerHour: summary.nocturnalProduction,
            nocturnalPolyuriaIndex: summary.polyuriaIndex, nocturiaIndex: summary.nocturiaIndex)
        nocturnalPolyuria = Flag(
            threshold: report.polyuriaThreshold, flagged: report.suggestsNocturnalPolyuria,
            reason: DiaryReportText.polyuriaFlagWithheld(report))
        smallCapacity = Flag(
            threshold: DiaryReportSummary.smallCapacityML, flagged: summary.isSmallCapacity,
            reason: summary.maxVoidedVolume.withheldReason)
        days = report.days.map(DiaryDayDocument.init)
    }
}
