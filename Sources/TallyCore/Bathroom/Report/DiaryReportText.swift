import Foundation

/// The report's figures in words, the same on the web page, in print and in the terminal.
public enum DiaryReportText {
    /// Page one, in the order a clinician reads it.
    public static func pageOne(_ report: BladderDiaryReport) -> [DiaryReportLine] {
        let s = report.summary
        let days = count(s.keptDays, "day", "days")
        return [
            line(
                "24-hour voided volume (mean)", s.volume24hMean, unit: " ml",
                over: count(s.completeDays, "complete day", "complete days")),
            line("Maximum voided volume", s.maxVoidedVolume, unit: " ml", over: nil),
            line("Mean voided volume", s.meanVoidedVolume, unit: " ml", over: nil),
            line("Day frequency", s.dayFrequency, unit: " a day", digits: 1, over: days),
            line("Night frequency (nocturia)", s.nightFrequency, unit: " a night", digits: 1, over: days),
            line(
                "Nocturnal urine volume (mean)", s.nocturnalVolume, unit: " ml",
                over: count(s.completeNights, "complete night", "complete nights")),
            line("Nocturnal polyuria index", s.polyuriaIndex, percent: true, over: nil),
            polyuriaFlag(report),
            line(
                "Nocturia index", s.nocturiaIndex, digits: 2,
                over: "with the maximum of \(count(s.maxVoidedVolume.voids, "measured void", "measured voids"))"),
            line(
                "Nocturnal urine production", s.nocturnalProduction, unit: " ml/h",
                over: count(s.completeNights, "complete night", "complete nights")),
            DiaryReportLine(
                label: "Small capacity (maximum ≤ 200 ml)",
                value: s.isSmallCapacity.map { $0 ? "Yes" : "No" } ?? "Withheld",
                basis: s.maxVoidedVolume.withheldReason
                    ?? count(s.maxVoidedVolume.voids, "measured void", "measured voids"),
                isWithheld: s.isSmallCapacity == nil),
            plain("Leaks", s.leaks, of: s.voids),
            plain("Urgency episodes (grade 3-4)", s.urgencyEpisodes, of: s.voids),
            plain("Double voids (counted once)", s.doubleVoids, of: s.voids),
        ]
    }

    /// Why the age-adjusted flag is not given, or nil when it is.
    public static func polyuriaFlagWithheld(_ report: BladderDiaryReport) -> String? {
        if let reason = report.summary.polyuriaIndex.withheldReason { return "the index is withheld: \(reason)" }
        return report.birthYear == nil ? "no birth year in Settings, so no age-adjusted line" : nil
    }

    /// A figure's value alone, as a day's row shows it: "1450 ml", or "—" when withheld.
    public static func value(
        _ figure: DiaryFigure, unit: String = " ml", digits: Int = 0, percent: Bool = false
    )
        -> String
    {
        guard let value = figure.value else { return "—" }
        return percent ? "\(number(value * 100, digits: 0))%" : number(value, digits: digits) + unit
    }

    public static func number(_ value: Double, digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }

    public static func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }

    private static func polyuriaFlag(_ report: BladderDiaryReport) -> DiaryReportLine {
        let label = "Nocturnal polyuria (age-adjusted)"
        guard let flagged = report.suggestsNocturnalPolyuria, let line = report.polyuriaThreshold,
            let age = report.age
        else {
            return DiaryReportLine(
                label: label, value: "Withheld", basis: polyuriaFlagWithheld(report) ?? "", isWithheld: true)
        }
        let limit = "\(number(line * 100, digits: 0))%"
        return DiaryReportLine(
            label: label, value: flagged ? "Suggested" : "Not suggested",
            basis:
                "the index is \(flagged ? "above" : "at most") the \(limit) line for age \(age) (born \(report.birthYear ?? 0))",
            isWithheld: false)
    }

    private static func line(
        _ label: String, _ figure: DiaryFigure, unit: String = "", digits: Int = 0, percent: Bool = false,
        over: String?
    ) -> DiaryReportLine {
        let voids = count(figure.voids, "void", "voids")
        guard figure.value != nil else {
            return DiaryReportLine(
                label: label, value: "Withheld",
                basis: (figure.withheldReason ?? "") + (figure.voids > 0 ? " (\(voids))" : ""), isWithheld: true)
        }
        return DiaryReportLine(
            label: label, value: value(figure, unit: unit, digits: digits, percent: percent),
            basis: over.map { "\(voids), \($0)" } ?? voids, isWithheld: false)
    }

    private static func plain(_ label: String, _ n: Int, of voids: Int) -> DiaryReportLine {
        DiaryReportLine(label: label, value: "\(n)", basis: "of \(count(voids, "void", "voids"))", isWithheld: false)
    }
}
