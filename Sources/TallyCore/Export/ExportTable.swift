import Foundation
import Recurrence

/// The CSV files `tally export --format csv` and the Backup page write: one per tracker, a header row
/// naming the columns, instants in ISO 8601 with the offset of the zone they were logged in. Column
/// names are an interface people script against: add columns at the end, never rename one.
public enum ExportTable: String, CaseIterable, Codable, Sendable {
    case water
    case bathroom
    case skills
    case skillCompletions = "skill-completions"
    case journal

    /// The file's name in an archive of every table.
    public var fileName: String { "\(rawValue).csv" }

    public var header: [String] {
        switch self {
        case .water: ["id", "time", "time_zone", "amount_ml", "drink", "source"]
        case .bathroom: ["id", "time", "time_zone", "volume_ml", "urgency", "leak", "note"]
        case .skills:
            [
                "id", "name", "category", "frequency", "start_day", "end_day", "target_amount", "target_unit",
                "target_period", "rollover", "archived_on",
            ]
        case .skillCompletions: ["skill_id", "skill", "day", "level"]
        case .journal: ["date", "mood", "mood_name", "notes", "photo"]
        }
    }

    /// Reads `--tracker`.
    public static func named(_ name: String) throws(TallyError) -> ExportTable {
        guard let table = ExportTable(rawValue: name.lowercased()) else {
            throw .invalid(
                field: "tracker",
                reason: "'\(name)' is not a tracker to export: use \(allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return table
    }

    public static func row(_ entry: WaterEntry) -> [String] {
        [
            entry.id.text, ISO8601OffsetFormatter.string(from: entry.at, in: entry.zone), entry.timeZoneID,
            number(entry.amountML), entry.drinkKind ?? "", entry.source.rawValue,
        ]
    }

    public static func row(_ event: BathroomEvent) -> [String] {
        [
            event.id.text, ISO8601OffsetFormatter.string(from: event.at, in: event.zone), event.timeZoneID,
            event.volumeML.map(String.init) ?? "", event.urgency.map(String.init) ?? "", event.leak ? "yes" : "no",
            event.note ?? "",
        ]
    }

    public static func row(_ skill: Skill) -> [String] {
        let fields = skill.fields
        return [
            skill.id.text, fields.name, fields.category, fields.frequency.description,
            fields.startDay.description,
            fields.endDay?.description ?? "", fields.target.map { String($0.amount) } ?? "", fields.target?.unit ?? "",
            fields.target?.period.rawValue ?? "", fields.rollover ? "yes" : "no", skill.archivedOn?.description ?? "",
        ]
    }

    public static func row(_ completion: SkillCompletion, skillName: String) -> [String] {
        [completion.skillID.text, skillName, completion.day.description, completion.level.rawValue]
    }

    public static func row(_ entry: JournalEntry) -> [String] {
        [
            entry.date.description, entry.fields.moodRating.map(String.init) ?? "", entry.mood?.name ?? "",
            entry.fields.notes ?? "", entry.fields.imageUrl ?? "",
        ]
    }

    /// 250, or 236.59 (no trailing zeros, no exponent).
    static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(format: "%.2f", value)
    }
}
