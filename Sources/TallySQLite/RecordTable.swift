import Foundation
import GRDB
import TallyCore

/// A table of synced records: its name, the kind it holds (``AnyRecord/kind``), the columns to select
/// and how to read a row of it. Every table shares the sync columns (`id`, `owner_id`, `stamp`, ...).
struct RecordTable: Sendable {
    let name: String
    let kind: String
    let columns: String
    let decode: @Sendable (Row) throws -> AnyRecord

    static let all: [RecordTable] = [
        RecordTable(name: "bathroom_events", kind: "bathroom event", columns: "*") {
            .bathroomEvent(try BathroomEvent(row: $0))
        },
        RecordTable(name: "settings", kind: "setting", columns: "*") { .setting(try SettingRecord(row: $0)) },
        RecordTable(name: "water_entries", kind: "water entry", columns: WaterEntry.selection) {
            .waterEntry(try WaterEntry(row: $0))
        },
        RecordTable(name: "water_goals", kind: "water goal", columns: "*") { .waterGoal(try WaterGoal(row: $0)) },
        RecordTable(name: "skills", kind: "skill", columns: "*") { .skill(try Skill(row: $0)) },
        RecordTable(name: "skill_categories", kind: "skill category", columns: "*") {
            .skillCategory(try SkillCategory(row: $0))
        },
        RecordTable(name: "skill_completions", kind: "skill completion", columns: "*") {
            .skillCompletion(try SkillCompletion(row: $0))
        },
        RecordTable(name: "routine_completions", kind: "routine completion", columns: "*") {
            .routineCompletion(try RoutineCompletion(row: $0))
        },
        RecordTable(name: "memorable_moments", kind: "memorable moment", columns: "*") {
            .memorableMoment(try MemorableMoment(row: $0))
        },
        RecordTable(name: "date_trackers", kind: "tracker", columns: "*") { .dateTracker(try DateTracker(row: $0)) },
        RecordTable(name: "reminders", kind: "reminder", columns: "*") { .reminder(try Reminder(row: $0)) },
        RecordTable(name: "calendar_events", kind: "event", columns: "*") {
            .calendarEvent(try CalendarEvent(row: $0))
        },
        RecordTable(name: "journal_entries", kind: "journal entry", columns: "*") {
            .journalEntry(try JournalEntry(row: $0))
        },
    ]

    static let byKind = Dictionary(uniqueKeysWithValues: all.map { ($0.kind, $0) })

    /// The table holding records like `record`.
    static func of(_ record: AnyRecord) -> RecordTable {
        guard let table = byKind[record.kind] else { preconditionFailure("no table for \(record.kind)") }
        return table
    }
}
