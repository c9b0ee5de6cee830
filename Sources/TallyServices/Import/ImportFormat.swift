import Foundation
import TallyCore

/// The kinds of file `tally import` and the Import page read, told apart by their content, not their name.
public enum ImportFormat: String, CaseIterable, Codable, Sendable {
    /// A backup made by `tally export` (or the Backup page).
    case tally
    /// Apple Health's `export.zip`, or the `export.xml` inside it (its name is localised: `exportar.xml`).
    case appleHealth = "apple-health"
    /// Loop Habit Tracker's SQLite backup (`.db`), or its CSV export (a zip holding `Habits.csv`).
    case loop
    /// Table Habit's JSON export.
    case tableHabit = "table-habit"
    /// Beaver Habit Tracker's JSON export.
    case beaver
    /// Daylio's CSV export.
    case daylio

    /// For people: "Tally backup", "Apple Health export".
    public var title: String {
        switch self {
        case .tally: "Tally backup"
        case .appleHealth: "Apple Health export"
        case .loop: "Loop Habit Tracker"
        case .tableHabit: "Table Habit"
        case .beaver: "Beaver Habit Tracker"
        case .daylio: "Daylio"
        }
    }

    /// The format whose content starts with `prefix` (the file's first bytes), or nil.
    static func recognise(_ prefix: Data) -> ImportFormat? {
        if prefix.starts(with: Array("SQLite format 3\0".utf8)) { return .loop }
        let text = String(decoding: prefix, as: UTF8.self)
        if text.contains("<HealthData") || text.contains("HealthKit Export") { return .appleHealth }
        let start = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if start.hasPrefix("{") {
            // A backup's keys are sorted, so a long one names its format only after its records: its first key
            // (`bathroomEvents` for most) tells it too.
            if text.contains("tally-backup") || firstKey(of: start).map(TallyBackup.keys.contains) == true {
                return .tally
            }
            if ["\"freq_type\"", "\"record_date\"", "\"daily_goal\"", "\"create_t\""].contains(where: text.contains) {
                return .tableHabit
            }
            if ["\"period_type\"", "\"exported_at\"", "\"user_email\""].contains(where: text.contains) {
                return .beaver
            }
            return nil
        }
        let header = start.prefix { $0 != "\n" && $0 != "\r" }.lowercased().replacingOccurrences(of: "\"", with: "")
        let columns = Set(header.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        if columns.isSuperset(of: ["date", "time", "mood", "activities"]) { return .daylio }
        return nil
    }

    /// The first key of the JSON object `text` starts with, or nil.
    private static func firstKey(of text: Substring) -> String? {
        let afterBrace = text.dropFirst().drop(while: \.isWhitespace)
        guard afterBrace.first == "\"" else { return nil }
        let key = afterBrace.dropFirst().prefix { $0 != "\"" && $0 != "\\" }
        return String(key)
    }

    /// Reads a `--format` value.
    public static func named(_ name: String) throws(TallyError) -> ImportFormat {
        guard let format = ImportFormat(rawValue: name) else {
            throw .invalid(
                field: "format",
                reason:
                    "'\(name)' is not a format Tally imports: use \(allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        return format
    }
}
