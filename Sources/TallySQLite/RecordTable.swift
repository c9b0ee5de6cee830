import Foundation
import GRDB
import TallyCore
import TallyStorage

/// The SQLite table of a kind of synced record: its name, the columns to select, how a row is read and
/// written, and the columns holding its natural key. Every table shares the sync columns (`id`,
/// `owner_id`, `stamp`, ...). A new kind adds one entry here, its row coding and its migration.
struct RecordTable: Sendable {
    let name: String
    let kind: RecordKind
    let columns: String
    /// The columns whose values make a kind's natural key, in the order of its unique index.
    let naturalKeyColumns: [String]
    /// The indexed column holding the record's ``SyncedRecord/searchKey`` (after `owner_id, deleted`),
    /// for the kinds read by time over long histories; other kinds' search keys are matched as read.
    let searchColumn: String?
    let decode: @Sendable (Row) throws -> AnyRecord
    /// The row of a record of this table's kind, with its change-feed sequence number.
    let encode: @Sendable (AnyRecord, Int64) -> RowValues

    init<Record: SyncedRecord>(
        _ type: Record.Type, name: String, columns: String = "*", naturalKey: [String] = [],
        searchColumn: String? = nil, decode: @escaping @Sendable (Row) throws -> Record,
        encode: @escaping @Sendable (Record, Int64) -> RowValues
    ) {
        self.name = name
        kind = Record.kind
        self.columns = columns
        naturalKeyColumns = naturalKey
        self.searchColumn = searchColumn
        self.decode = { AnyRecord(try decode($0)) }
        self.encode = { record, sequence in
            guard let typed = record.as(Record.self) else { preconditionFailure("\(record.kind) in \(name)") }
            return encode(typed, sequence)
        }
    }

    static let all: [RecordTable] = [
        RecordTable(
            SettingRecord.self, name: "settings", columns: SettingRecord.selection, naturalKey: ["key"],
            decode: SettingRecord.init(row:),
            encode: SQLiteStore.row(_:sequence:)),
        RecordTable(
            BathroomEvent.self, name: "bathroom_events", columns: BathroomEvent.selection, searchColumn: "at_ms",
            decode: BathroomEvent.init(row:),
            encode: SQLiteStore.row(_:sequence:)),
        RecordTable(
            WaterEntry.self, name: "water_entries", columns: WaterEntry.selection, searchColumn: "at_ms",
            decode: WaterEntry.init(row:), encode: SQLiteStore.row(_:sequence:)),
        RecordTable(
            WaterGoal.self, name: "water_goals", naturalKey: ["effective_day"], decode: WaterGoal.init(row:),
            encode: SQLiteStore.row(_:sequence:)),
        RecordTable(
            WaterPeriodGoal.self, name: "water_period_goals", naturalKey: ["period", "effective_day"],
            decode: WaterPeriodGoal.init(row:), encode: SQLiteStore.row(_:sequence:)),
        RecordTable(
            SkillCategory.self, name: "skill_categories", decode: SkillCategory.init(row:),
            encode: SQLiteStore.row(_:sequence:)),
        RecordTable(Skill.self, name: "skills", decode: Skill.init(row:), encode: SQLiteStore.row(_:sequence:)),
        RecordTable(
            SkillCompletion.self, name: "skill_completions", naturalKey: ["skill_id", "day_number"],
            decode: SkillCompletion.init(row:), encode: SQLiteStore.row(_:sequence:)),
        RecordTable(
            RoutineCompletion.self, name: "routine_completions", naturalKey: ["habit", "day"],
            decode: RoutineCompletion.init(row:), encode: SQLiteStore.row(_:sequence:)),
        RecordTable(
            MemorableMoment.self, name: "memorable_moments", decode: MemorableMoment.init(row:),
            encode: SQLiteStore.row(_:sequence:)),
        RecordTable(
            DateTracker.self, name: "date_trackers", decode: DateTracker.init(row:),
            encode: SQLiteStore.row(_:sequence:)),
        RecordTable(
            Reminder.self, name: "reminders", decode: Reminder.init(row:), encode: SQLiteStore.row(_:sequence:)),
        RecordTable(
            CalendarEvent.self, name: "calendar_events", decode: CalendarEvent.init(row:),
            encode: SQLiteStore.row(_:sequence:)),
        RecordTable(
            JournalEntry.self, name: "journal_entries", naturalKey: ["day"], decode: JournalEntry.init(row:),
            encode: SQLiteStore.row(_:sequence:)),
        RecordTable(
            NotificationSetting.self, name: "notification_settings", naturalKey: ["name"],
            decode: NotificationSetting.init(row:), encode: SQLiteStore.row(_:sequence:)),
        RecordTable(
            NamedSetting.self, name: "named_settings", naturalKey: ["name"], decode: NamedSetting.init(row:),
            encode: SQLiteStore.row(_:sequence:)),
        RecordTable(
            SkillRule.self, name: "skill_rules", naturalKey: ["skill_id"], decode: SkillRule.init(row:),
            encode: SQLiteStore.row(_:sequence:)),
        RecordTable(
            SleepMark.self, name: "sleep_marks", naturalKey: ["day", "kind"], decode: SleepMark.init(row:),
            encode: SQLiteStore.row(_:sequence:)),
    ]

    private static let byKind = Dictionary(uniqueKeysWithValues: all.map { ($0.kind.id, $0) })
    private static let byKindObject = Dictionary(uniqueKeysWithValues: all.map { ($0.kind, $0) })

    /// The table of the kind with identifier `kind`, or nil for one this store does not hold.
    static func of(kind: String) -> RecordTable? { byKind[kind] }

    /// The table of `kind`, or nil for one this store does not hold.
    static func of(kind: RecordKind) -> RecordTable? { byKindObject[kind] }

    /// The table holding records like `record`.
    static func of(_ record: AnyRecord) -> RecordTable {
        guard let table = byKindObject[record.kind] else { preconditionFailure("no table for \(record.kind)") }
        return table
    }

    /// The natural key of a row as the values of ``naturalKeyColumns``.
    func naturalKeyValues(of row: RowValues) -> [DatabaseValue] {
        naturalKeyColumns.map { row[$0] ?? .null }
    }

    /// `col1 = ? AND col2 = ?`: the natural key's condition.
    var naturalKeyCondition: String { naturalKeyColumns.map { "\($0) = ?" }.joined(separator: " AND ") }
}
