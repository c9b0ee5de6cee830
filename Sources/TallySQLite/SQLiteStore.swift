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
            // 16 KB pages for a new file (an existing one keeps its size): a merge of scattered edits
            // writes a quarter as many WAL frames, one system call each, and checkpoints less often.
            try db.execute(sql: "PRAGMA page_size = 16384")
            // Reads through the OS page cache instead of a read() per page, and a larger page cache:
            // a sync merges tens of thousands of rows at random places of the id index.
            try db.execute(sql: "PRAGMA mmap_size = 268435456")
            try db.execute(sql: "PRAGMA cache_size = -32768")
        }
        let pool = try DatabasePool(path: path, configuration: configuration)
        // Turning WAL on, GRDB sets `synchronous = NORMAL` on the writer after `prepareDatabase` has run:
        // a commit would then be fsynced only at the next checkpoint.
        try pool.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = FULL") }
        try self.init(
            writer: pool,
            imageDirectory: URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("images"),
            lastMigration: lastMigration, deviceID: nil, onLocalChange: onLocalChange)
    }

    /// A real SQLite database held in memory, gone with the store: for simulations and benchmarks.
    /// `deviceID` pins the replica's id (a seeded simulation needs the same ids on every run).
    public static func inMemory(deviceID: UUID? = nil) throws -> SQLiteStore {
        let images = FileManager.default.temporaryDirectory.appendingPathComponent("tally-images-\(UUID().uuidString)")
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
        let migrator = SQLiteMigrations.migrator(upTo: lastMigration)
        // A newer Tally's schema read by this version would look like corrupt data, or be written wrongly.
        let unknown = try writer.read { db in
            try migrator.appliedIdentifiers(db).subtracting(SQLiteMigrations.all.map(\.identifier))
        }
        guard unknown.isEmpty else { throw StoreFault.newerSchema(unknown.sorted()) }
        try migrator.migrate(writer)
        self.deviceID = try writer.write { db in
            try db.execute(
                sql:
                    "INSERT OR IGNORE INTO replica (singleton, device_id, last_stamp, last_sequence) VALUES (1, ?, ?, 0)",
                arguments: [deviceID ?? UUID(), HLCStamp.zero.description])
            guard let id = try UUID.fetchOne(db, sql: "SELECT device_id FROM replica") else {
                throw StoreFault.corrupt("replica.device_id")
            }
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
                db.cachedStatement(sql: "SELECT * FROM bathroom_events WHERE id = ?"), arguments: [event.id]
            )
            .map { try RecordMeta(row: $0) }
        case .setting(let setting):
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM settings WHERE owner_id = ? AND key = ?"),
                arguments: [setting.meta.ownerID, setting.key.rawValue]
            ).map { try RecordMeta(row: $0) }
        case .waterEntry(let entry):
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM water_entries WHERE id = ?"), arguments: [entry.id]
            )
            .map { try RecordMeta(row: $0) }
        case .waterGoal(let goal):
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM water_goals WHERE owner_id = ? AND effective_day = ?"),
                arguments: [goal.meta.ownerID, goal.effectiveFrom.description]
            ).map { try RecordMeta(row: $0) }
        case .skill, .skillCategory, .memorableMoment:
            try skillRecordMeta(of: record, db)
        case .skillCompletion(let completion):
            try Row.fetchOne(
                db.cachedStatement(
                    sql: "SELECT * FROM skill_completions WHERE owner_id = ? AND skill_id = ? AND day_number = ?"),
                arguments: [
                    completion.meta.ownerID, completion.skillID, completion.day.dayNumber,
                ]
            ).map { try RecordMeta(row: $0) }
        case .routineCompletion(let completion):
            try Row.fetchOne(
                db.cachedStatement(
                    sql: "SELECT * FROM routine_completions WHERE owner_id = ? AND habit = ? AND day = ?"),
                arguments: [
                    completion.meta.ownerID, completion.habit.rawValue, completion.day.description,
                ]
            ).map { try RecordMeta(row: $0) }
        case .dateTracker(let tracker): try meta(in: "date_trackers", id: tracker.id, db)
        case .reminder(let reminder): try meta(in: "reminders", id: reminder.id, db)
        case .calendarEvent(let event): try meta(in: "calendar_events", id: event.id, db)
        case .journalEntry(let entry):
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM journal_entries WHERE owner_id = ? AND day = ?"),
                arguments: [entry.meta.ownerID, entry.date.description]
            ).map { try RecordMeta(row: $0) }
        }
    }

    /// Writes `record` with its change-feed `sequence`, replacing the stored row with its id and, for a kind
    /// found by a natural key, any copy with another id.
    static func store(_ record: AnyRecord, sequence: Int64, _ db: Database) throws {
        try removeOtherCopies(of: record, db)
        try upsert(into: RecordTable.of(record).name, row(of: record, sequence: sequence), db)
    }

    /// The row `record` is stored as.
    static func row(of record: AnyRecord, sequence: Int64) -> RowValues {
        switch record {
        case .bathroomEvent(let event): row(event, sequence: sequence)
        case .setting(let setting): row(setting, sequence: sequence)
        case .waterEntry(let entry): row(entry, sequence: sequence)
        case .waterGoal(let goal): row(goal, sequence: sequence)
        case .skill(let skill): row(skill, sequence: sequence)
        case .skillCategory(let category): row(category, sequence: sequence)
        case .skillCompletion(let completion): row(completion, sequence: sequence)
        case .routineCompletion(let completion): row(completion, sequence: sequence)
        case .memorableMoment(let moment): row(moment, sequence: sequence)
        case .dateTracker(let tracker): row(tracker, sequence: sequence)
        case .reminder(let reminder): row(reminder, sequence: sequence)
        case .calendarEvent(let event): row(event, sequence: sequence)
        case .journalEntry(let entry): row(entry, sequence: sequence)
        }
    }

    private static func meta(in table: String, id: UUID, _ db: Database) throws -> RecordMeta? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM \(table) WHERE id = ?"), arguments: [id])
            .map { try RecordMeta(row: $0) }
    }
}

/// A database this version cannot read: one not holding what Tally wrote (a bug or outside tampering, never
/// the user's input), or one a newer Tally has migrated.
enum StoreFault: Error, CustomStringConvertible {
    case corrupt(String)
    /// Migrations a newer version of Tally applied, which this one does not know.
    case newerSchema([String])

    var description: String {
        switch self {
        case .corrupt(let what): "the database holds an unreadable \(what)"
        case .newerSchema(let migrations):
            "the database was written by a newer version of Tally (migration \(migrations.joined(separator: ", ")));"
                + " upgrade tally to open it"
        }
    }
}
