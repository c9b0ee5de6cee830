import Foundation
import GRDB
import TallyCore
import TallyStorage

/// Tally's embedded store: one SQLite file in WAL mode, so the CLI and a running server can share it.
/// Every commit is durable (`synchronous = FULL`) before a write returns.
public final class SQLiteStore: TallyStore {
    public static let fileName = "tally.sqlite"

    let pool: DatabasePool
    public let deviceID: UUID
    /// Uploaded images, one file per content hash, beside the database file.
    let imageDirectory: URL

    /// Opens (creating if needed) the store in `directory`, bringing its schema up to date.
    public convenience init(directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try self.init(path: directory.appendingPathComponent(Self.fileName).path)
    }

    /// Opens the database at `path`, running migrations up to `lastMigration` (all by default).
    init(path: String, lastMigration: String? = nil) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        pool = try DatabasePool(path: path, configuration: configuration)
        imageDirectory = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("images")
        try SQLiteMigrations.migrator(upTo: lastMigration).migrate(pool)
        deviceID = try pool.write { db in
            try db.execute(
                sql:
                    "INSERT OR IGNORE INTO replica (singleton, device_id, last_stamp, last_sequence) VALUES (1, ?, ?, 0)",
                arguments: [UUID().uuidString, HLCStamp.zero.description])
            let text = try String.fetchOne(db, sql: "SELECT device_id FROM replica")
            guard let text, let id = UUID(uuidString: text) else { throw StoreFault.corrupt("replica.device_id") }
            return id
        }
    }

    public func write(_ record: AnyRecord, now: Date) async throws -> AnyRecord {
        try await pool.write { [deviceID] db in
            var record = record
            let (stamp, sequence) = try Self.advance(db, now: now, seen: nil)
            record.meta.stamp = stamp
            record.meta.deviceID = deviceID
            try Self.store(record, sequence: sequence, db)
            return record
        }
    }

    public func merge(_ records: [AnyRecord]) async throws -> MergeResult {
        try await pool.write { db in
            var result = MergeResult()
            for record in records {
                let existing = try Self.storedMeta(of: record, db)
                if let existing, existing.ownerID != record.meta.ownerID {
                    throw TallyError.invalid(field: "id", reason: "\(record.meta.id) belongs to someone else")
                }
                if let existing, !existing.isSuperseded(by: record.meta) {
                    result.unchanged += 1
                    continue
                }
                let (_, sequence) = try Self.advance(db, now: nil, seen: record.meta.stamp)
                try Self.store(record, sequence: sequence, db)
                if existing == nil { result.inserted += 1 } else { result.updated += 1 }
            }
            return result
        }
    }

    public func changes(owner: UUID, after sequence: Int64, limit: Int) async throws -> ChangePage {
        try await pool.read { db in
            let arguments: StatementArguments = [owner.uuidString, sequence, limit + 1]
            var rows: [(Int64, AnyRecord)] = []
            for (table, columns, decode) in Self.recordTables {
                for row in try Row.fetchAll(
                    db,
                    sql:
                        "SELECT \(columns) FROM \(table) WHERE owner_id = ? AND sequence > ? "
                        + "ORDER BY sequence LIMIT ?",
                    arguments: arguments)
                {
                    rows.append((row["sequence"], try decode(row)))
                }
            }
            rows.sort { $0.0 < $1.0 }
            let page = rows.prefix(limit)
            return ChangePage(records: page.map(\.1), through: page.last?.0 ?? sequence, hasMore: rows.count > limit)
        }
    }

    /// Every table of synced records, with the columns to select and how to read a row of it.
    static let recordTables: [(String, String, @Sendable (Row) throws -> AnyRecord)] = [
        ("bathroom_events", "*", { .bathroomEvent(try BathroomEvent(row: $0)) }),
        ("settings", "*", { .setting(try SettingRecord(row: $0)) }),
        ("water_entries", WaterEntry.selection, { .waterEntry(try WaterEntry(row: $0)) }),
        ("water_goals", "*", { .waterGoal(try WaterGoal(row: $0)) }),
        ("skills", "*", { .skill(try Skill(row: $0)) }),
        ("skill_categories", "*", { .skillCategory(try SkillCategory(row: $0)) }),
        ("skill_completions", "*", { .skillCompletion(try SkillCompletion(row: $0)) }),
        ("routine_completions", "*", { .routineCompletion(try RoutineCompletion(row: $0)) }),
        ("memorable_moments", "*", { .memorableMoment(try MemorableMoment(row: $0)) }),
        ("date_trackers", "*", { .dateTracker(try DateTracker(row: $0)) }),
        ("reminders", "*", { .reminder(try Reminder(row: $0)) }),
        ("calendar_events", "*", { .calendarEvent(try CalendarEvent(row: $0)) }),
        ("journal_entries", "*", { .journalEntry(try JournalEntry(row: $0)) }),
    ]

    /// Moves this replica's clock past `now` or past a stamp seen from elsewhere, and takes the next
    /// change sequence number.
    private static func advance(_ db: Database, now: Date?, seen: HLCStamp?) throws -> (HLCStamp, Int64) {
        guard let row = try Row.fetchOne(db, sql: "SELECT last_stamp, last_sequence FROM replica"),
            let last = HLCStamp(row["last_stamp"] as String)
        else { throw StoreFault.corrupt("replica") }
        var stamp = last
        if let now { stamp = HLCStamp.next(after: last, now: now) }
        if let seen, seen > stamp { stamp = seen }
        let sequence = (row["last_sequence"] as Int64) + 1
        try db.execute(
            sql: "UPDATE replica SET last_stamp = ?, last_sequence = ?", arguments: [stamp.description, sequence])
        return (stamp, sequence)
    }

    private static func storedMeta(of record: AnyRecord, _ db: Database) throws -> RecordMeta? {
        switch record {
        case .bathroomEvent(let event):
            try Row.fetchOne(db, sql: "SELECT * FROM bathroom_events WHERE id = ?", arguments: [event.id.uuidString])
                .map { try RecordMeta(row: $0) }
        case .setting(let setting):
            try Row.fetchOne(
                db, sql: "SELECT * FROM settings WHERE owner_id = ? AND key = ?",
                arguments: [setting.meta.ownerID.uuidString, setting.key.rawValue]
            ).map { try RecordMeta(row: $0) }
        case .waterEntry(let entry):
            try Row.fetchOne(db, sql: "SELECT * FROM water_entries WHERE id = ?", arguments: [entry.id.uuidString])
                .map { try RecordMeta(row: $0) }
        case .waterGoal(let goal):
            try Row.fetchOne(
                db, sql: "SELECT * FROM water_goals WHERE owner_id = ? AND effective_day = ?",
                arguments: [goal.meta.ownerID.uuidString, goal.effectiveFrom.description]
            ).map { try RecordMeta(row: $0) }
        case .skill, .skillCategory, .memorableMoment:
            try skillRecordMeta(of: record, db)
        case .skillCompletion(let completion):
            try Row.fetchOne(
                db, sql: "SELECT * FROM skill_completions WHERE owner_id = ? AND skill_id = ? AND day_number = ?",
                arguments: [
                    completion.meta.ownerID.uuidString, completion.skillID.uuidString, completion.day.dayNumber,
                ]
            ).map { try RecordMeta(row: $0) }
        case .routineCompletion(let completion):
            try Row.fetchOne(
                db, sql: "SELECT * FROM routine_completions WHERE owner_id = ? AND habit = ? AND day = ?",
                arguments: [
                    completion.meta.ownerID.uuidString, completion.habit.rawValue, completion.day.description,
                ]
            ).map { try RecordMeta(row: $0) }
        case .dateTracker(let tracker): try meta(in: "date_trackers", id: tracker.id, db)
        case .reminder(let reminder): try meta(in: "reminders", id: reminder.id, db)
        case .calendarEvent(let event): try meta(in: "calendar_events", id: event.id, db)
        case .journalEntry(let entry):
            try Row.fetchOne(
                db, sql: "SELECT * FROM journal_entries WHERE owner_id = ? AND day = ?",
                arguments: [entry.meta.ownerID.uuidString, entry.date.description]
            ).map { try RecordMeta(row: $0) }
        }
    }

    private static func store(_ record: AnyRecord, sequence: Int64, _ db: Database) throws {
        switch record {
        case .bathroomEvent(let event): try upsert(event, sequence: sequence, db)
        case .setting(let setting): try upsert(setting, sequence: sequence, db)
        case .waterEntry(let entry): try upsert(entry, sequence: sequence, db)
        case .waterGoal(let goal): try upsert(goal, sequence: sequence, db)
        case .skill(let skill): try upsert(skill, sequence: sequence, db)
        case .skillCategory(let category): try upsert(category, sequence: sequence, db)
        case .skillCompletion(let completion): try upsert(completion, sequence: sequence, db)
        case .routineCompletion(let completion): try upsert(completion, sequence: sequence, db)
        case .memorableMoment(let moment): try upsert(moment, sequence: sequence, db)
        case .dateTracker(let tracker): try upsert(tracker, sequence: sequence, db)
        case .reminder(let reminder): try upsert(reminder, sequence: sequence, db)
        case .calendarEvent(let event): try upsert(event, sequence: sequence, db)
        case .journalEntry(let entry): try upsert(entry, sequence: sequence, db)
        }
    }

    private static func meta(in table: String, id: UUID, _ db: Database) throws -> RecordMeta? {
        try Row.fetchOne(db, sql: "SELECT * FROM \(table) WHERE id = ?", arguments: [id.uuidString])
            .map { try RecordMeta(row: $0) }
    }
}

/// A database that does not hold what Tally wrote: a bug or outside tampering, never the user's input.
enum StoreFault: Error, CustomStringConvertible {
    case corrupt(String)

    var description: String {
        switch self {
        case .corrupt(let what): "the database holds an unreadable \(what)"
        }
    }
}
