import Foundation
import GRDB
import TallyCore
import TallyStorage

/// Tally's embedded store: one SQLite file in WAL mode, so the CLI and a running server can share it.
/// Every commit is durable (`synchronous = FULL`) before a write returns.
public final class SQLiteStore: TallyStore {
    public static let fileName = "tally.sqlite"

    /// A pool over a file (WAL mode: readers never wait for the writer), or a queue over an in-memory database.
    let pool: any DatabaseWriter
    public let deviceID: UUID
    /// Uploaded images, one file per content hash, beside the database file.
    let imageDirectory: URL
    /// Called after each local change commits (never after a merge), e.g. to start a background push.
    let onLocalChange: (@Sendable () -> Void)?

    /// Opens (creating if needed) the store in `directory`, bringing its schema up to date.
    public convenience init(directory: URL, onLocalChange: (@Sendable () -> Void)? = nil) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try self.init(path: directory.appendingPathComponent(Self.fileName).path, onLocalChange: onLocalChange)
    }

    /// Opens the database at `path`, running migrations up to `lastMigration` (all by default).
    convenience init(path: String, lastMigration: String? = nil, onLocalChange: (@Sendable () -> Void)? = nil) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
            // Reads through the OS page cache instead of a read() per page, and a larger page cache:
            // a sync merges tens of thousands of rows at random places of the id index.
            try db.execute(sql: "PRAGMA mmap_size = 268435456")
            try db.execute(sql: "PRAGMA cache_size = -32768")
        }
        try self.init(
            writer: try DatabasePool(path: path, configuration: configuration),
            imageDirectory: URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("images"),
            lastMigration: lastMigration, deviceID: nil, onLocalChange: onLocalChange)
    }

    /// A real SQLite database held in memory, gone with the store: for simulations and benchmarks.
    /// `deviceID` pins the replica's id (a seeded simulation needs the same ids on every run).
    public static func inMemory(deviceID: UUID? = nil) throws -> SQLiteStore {
        let images = FileManager.default.temporaryDirectory.appendingPathComponent("tally-images-\(UUID().text)")
        return try SQLiteStore(
            writer: try DatabaseQueue(), imageDirectory: images, lastMigration: nil, deviceID: deviceID,
            onLocalChange: nil)
    }

    private init(
        writer: any DatabaseWriter, imageDirectory: URL, lastMigration: String?, deviceID: UUID?,
        onLocalChange: (@Sendable () -> Void)?
    ) throws {
        pool = writer
        self.imageDirectory = imageDirectory
        self.onLocalChange = onLocalChange
        try SQLiteMigrations.migrator(upTo: lastMigration).migrate(writer)
        self.deviceID = try writer.write { db in
            try db.execute(
                sql:
                    "INSERT OR IGNORE INTO replica (singleton, device_id, last_stamp, last_sequence) VALUES (1, ?, ?, 0)",
                arguments: [(deviceID ?? UUID()).text, HLCStamp.zero.description])
            let text = try String.fetchOne(db, sql: "SELECT device_id FROM replica")
            guard let text, let id = UUID(text: text) else { throw StoreFault.corrupt("replica.device_id") }
            return id
        }
    }

    public func write(_ record: AnyRecord, now: Date) async throws -> AnyRecord {
        let stored = try await pool.write { [deviceID] db in
            var record = record
            var clock = try ReplicaClock(db)
            record.meta.stamp = clock.tick(now: now)
            record.meta.deviceID = deviceID
            try Self.store(record, sequence: clock.sequence, db)
            try clock.save(db)
            return record
        }
        onLocalChange?()
        return stored
    }

    static func storedMeta(of record: AnyRecord, _ db: Database) throws -> RecordMeta? {
        switch record {
        case .bathroomEvent(let event):
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM bathroom_events WHERE id = ?"), arguments: [event.id.text]
            )
            .map { try RecordMeta(row: $0) }
        case .setting(let setting):
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM settings WHERE owner_id = ? AND key = ?"),
                arguments: [setting.meta.ownerID.text, setting.key.rawValue]
            ).map { try RecordMeta(row: $0) }
        case .waterEntry(let entry):
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM water_entries WHERE id = ?"), arguments: [entry.id.text]
            )
            .map { try RecordMeta(row: $0) }
        case .waterGoal(let goal):
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM water_goals WHERE owner_id = ? AND effective_day = ?"),
                arguments: [goal.meta.ownerID.text, goal.effectiveFrom.description]
            ).map { try RecordMeta(row: $0) }
        case .skill, .skillCategory, .memorableMoment:
            try skillRecordMeta(of: record, db)
        case .skillCompletion(let completion):
            try Row.fetchOne(
                db.cachedStatement(
                    sql: "SELECT * FROM skill_completions WHERE owner_id = ? AND skill_id = ? AND day_number = ?"),
                arguments: [
                    completion.meta.ownerID.text, completion.skillID.text, completion.day.dayNumber,
                ]
            ).map { try RecordMeta(row: $0) }
        case .routineCompletion(let completion):
            try Row.fetchOne(
                db.cachedStatement(
                    sql: "SELECT * FROM routine_completions WHERE owner_id = ? AND habit = ? AND day = ?"),
                arguments: [
                    completion.meta.ownerID.text, completion.habit.rawValue, completion.day.description,
                ]
            ).map { try RecordMeta(row: $0) }
        case .dateTracker(let tracker): try meta(in: "date_trackers", id: tracker.id, db)
        case .reminder(let reminder): try meta(in: "reminders", id: reminder.id, db)
        case .calendarEvent(let event): try meta(in: "calendar_events", id: event.id, db)
        case .journalEntry(let entry):
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM journal_entries WHERE owner_id = ? AND day = ?"),
                arguments: [entry.meta.ownerID.text, entry.date.description]
            ).map { try RecordMeta(row: $0) }
        }
    }

    static func store(_ record: AnyRecord, sequence: Int64, _ db: Database) throws {
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
        try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM \(table) WHERE id = ?"), arguments: [id.text])
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
