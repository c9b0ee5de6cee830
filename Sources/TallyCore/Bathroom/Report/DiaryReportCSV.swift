import Foundation

/// The report as CSV for a spreadsheet: a header row, then one row a diary day. Column names are an
/// interface: later versions add columns at the end and never rename one. Empty cells are withheld figures.
public enum DiaryReportCSV {
    public static let header = [
        "day", "wake", "bed", "next_wake", "night_hours", "day_voids", "night_voids", "volume_24h_ml",
        "volume_24h_voids", "nocturnal_volume_ml", "nocturnal_volume_voids", "nocturnal_production_ml_per_h",
        "nocturnal_polyuria_index", "intake_ml", "leaks", "urgency_episodes", "double_voids", "withheld_reason",
    ]

    public static func text(_ report: BladderDiaryReport) -> String {
        var lines = [header.joined(separator: ",")]
        for day in report.days {
            let reason = day.volume24h.withheldReason ?? day.nocturnalVolume.withheldReason ?? ""
            let cells: [String] = [
                day.day.description, day.window.wake.description, day.window.bed.description,
                day.window.nextWake.description, number(day.nightHours, 2), "\(day.dayFrequency)",
                "\(day.nightFrequency)", number(day.volume24h.value, 0), "\(day.volume24h.voids)",
                number(day.nocturnalVolume.value, 0), "\(day.nocturnalVolume.voids)",
                number(day.nocturnalProduction.value, 1), number(day.polyuriaIndex.value, 3),
                number(day.intakeML, 0), "\(day.leaks)", "\(day.urgencyEpisodes)", "\(day.doubleVoids)", quoted(reason),
            ]
            lines.append(cells.joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    private static func number(_ value: Double?, _ digits: Int) -> String {
        value.map { DiaryReportText.number($0, digits: digits) } ?? ""
    }

    /// RFC 4180: a cell with a comma, quote or line break is quoted, its quotes doubled.
    private static func quoted(_ cell: String) -> String {
        guard cell.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return cell }
        return "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
