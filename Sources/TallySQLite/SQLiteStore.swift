import Foundation
import GRDB
import Logging
import TallyCore
import TallyStorage

/// Tally's embedded store: one SQLite file in WAL mode, so the CLI and a running server can share it.
/// Every commit is durable (`synchronous = FULL`) before a write returns.
public final class SQLiteStore: TallyStore, DeviceSyncStore {
    public static let fileName = "tally.sqlite"

    /// A pool over a file (WAL mode: readers never wait for the writer), or a queue over an in-memory database.
    let pool: any DatabaseWriter
    public let deviceID: UUID
    /// Uploaded images, one file per content hash, beside the database file.
    let imageDirectory: URL
    /// Called after each local change commits (never after a merge), e.g. to start a background push.
    let onLocalChange: (@Sendable () -> Void)?
    /// Record writes made at the same time share one durable commit.
    let commits: GroupCommit
    /// The connection of a file's short point reads (none in memory, where the queue is the only one).
    let pointReader: PointReader?
    /// Checkpoints a file's log off the writer's path (none in memory, which has no log).
    let checkpointer: WALCheckpointer?
    /// How many bulk writes are under way (see ``writingInBulk(_:)``).
    let bulkWrites = LockedValue(0)

    /// Opens (creating if needed) the store in `directory`, bringing its schema up to date; `logger` is told
    /// of each migration applied (see ``SQLiteMigrations/log(applied:before:path:to:)``).
    public convenience init(
        directory: URL, logger: Logger? = nil, onLocalChange: (@Sendable () -> Void)? = nil
    ) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try self.init(
            path: directory.appendingPathComponent(Self.fileName).path, logger: logger, onLocalChange: onLocalChange)
    }

    /// Opens the database at `path`, running migrations up to `lastMigration` (all by default), with the
    /// log checkpointed in the background from `checkpointPages` pages (see ``WALCheckpointer``).
    convenience init(
        path: String, lastMigration: String? = nil, checkpointPages: CInt = 1_000, logger: Logger? = nil,
        onLocalChange: (@Sendable () -> Void)? = nil
    ) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        let checkpointer = WALCheckpointer(path: path, pages: checkpointPages)
        configuration.prepareDatabase { db in
            // 16 KB pages for a new file (an existing one keeps its size): a merge of scattered edits
            // writes a quarter as many WAL frames, one system call each, and checkpoints less often.
            try db.execute(sql: "PRAGMA page_size = 16384")
            db.add(function: DayFunction.function)
            // The writer reads through the OS page cache instead of a read() per page, with a larger page
            // cache: a sync merges tens of thousands of rows at random places of the id index. Readers keep
            // SQLite's defaults: a read of a whole history (an export) would otherwise count every page
            // it touched in the process's resident memory.
            guard !db.configuration.readonly else { return }
            try db.execute(sql: SQLiteStore.writerMemory)
            checkpointer.install(on: db)
        }
        let pool = try DatabasePool(path: path, configuration: configuration)
        // Turning WAL on, GRDB sets `synchronous = NORMAL` on the writer after `prepareDatabase` has run:
        // a commit would then be fsynced only at the next checkpoint.
        try pool.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = FULL") }
        try self.init(
            writer: pool, pointReader: try PointReader(path: path, configuration: configuration),
            checkpointer: checkpointer,
            imageDirectory: URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("images"),
            lastMigration: lastMigration, deviceID: nil, onLocalChange: onLocalChange, migrationLog: (path, logger))
    }

    /// The writer's memory map and page cache (see ``init(path:lastMigration:onLocalChange:)``).
    static let writerMemory = "PRAGMA mmap_size = 268435456; PRAGMA cache_size = -32768"
    /// SQLite's defaults, for a write that reads a whole history once (see ``dayTotals(owner:boundary:_:)``).
    static let scanMemory = "PRAGMA mmap_size = 0; PRAGMA cache_size = -2000"
    /// The writer's while a bulk write runs (see ``writingInBulk(_:)``): no map, an 8 MB page cache.
    static let bulkMemory = "PRAGMA mmap_size = 0; PRAGMA cache_size = -8192"

    /// A real SQLite database held in memory, gone with the store: for simulations and benchmarks.
    /// `deviceID` pins the replica's id (a seeded simulation needs the same ids on every run).
    public static func inMemory(deviceID: UUID? = nil) throws -> SQLiteStore {
        let images = FileManager.default.temporaryDirectory.appendingPathComponent("tally-images-\(UUID().text)")
        return try SQLiteStore(
            writer: try DatabaseQueue(configuration: withDayFunction(Configuration())), pointReader: nil,
            checkpointer: nil, imageDirectory: images, lastMigration: nil, deviceID: deviceID, onLocalChange: nil)
    }

    /// `configuration` with `tally_day` registered on every connection: rebuilding the day totals calls it
    /// (and so do the triggers of a store migrated no further than ``Migration013CreateDayTotals``).
    private static func withDayFunction(_ configuration: Configuration) -> Configuration {
        var configuration = configuration
        configuration.prepareDatabase { db in db.add(function: DayFunction.function) }
        return configuration
    }

    private init(
        writer: any DatabaseWriter, pointReader: PointReader?, checkpointer: WALCheckpointer?, imageDirectory: URL,
        lastMigration: String?, deviceID: UUID?, onLocalChange: (@Sendable () -> Void)?,
        migrationLog: (path: String, logger: Logger?)? = nil
    ) throws {
        pool = writer
        self.pointReader = pointReader
        self.checkpointer = checkpointer
        commits = GroupCommit(writer: writer)
        self.imageDirectory = imageDirectory
        self.onLocalChange = onLocalChange
        let migrator = SQLiteMigrations.migrator(upTo: lastMigration)
        // A newer Tally's schema read by this version would look like corrupt data, or be written wrongly.
        let before = try writer.read { db in try migrator.appliedIdentifiers(db) }
        let unknown = before.subtracting(SQLiteMigrations.all.map(\.identifier))
        guard unknown.isEmpty else {
            throw StoreFault.newerSchema(unknown.sorted(), known: SQLiteMigrations.all.last?.identifier ?? "")
        }
        try migrator.migrate(writer)
        if let migrationLog, let logger = migrationLog.logger {
            let after = try writer.read { db in try migrator.appliedIdentifiers(db) }
            SQLiteMigrations.log(
                applied: after.subtracting(before), before: before, path: migrationLog.path, to: logger)
        }
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

    /// Runs a short read (one or two rows by key) on the calling thread where the store has a point
    /// reader, else through the pool.
    func pointRead<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        guard let pointReader else { return try await pool.read(body) }
        return try pointReader.read(body)
    }

    public func write(_ records: [AnyRecord], now: Date) async throws -> [AnyRecord] {
        let stored = try await commits.write { [deviceID] db in
            let plan = SyncEngine.write(records, deviceID: deviceID, clock: try ReplicaClock(db), now: now)
            let totals = try Dictionary(grouping: plan.writes, by: \.record.meta.ownerID).map { owner, writes in
                try DayTotalChanges(of: writes, owner: owner, db)
            }
            for write in plan.writes {
                let table = RecordTable.of(write.record)
                let row = table.encode(write.record, write.sequence)
                try Self.removeOtherCopies(of: write.record, row: row, in: table, db)
                try Self.upsert(into: table.name, row, db)
            }
            for change in totals { try change.save(db) }
            try plan.clock.save(db)
            return plan.writes.map(\.record)
        }
        onLocalChange?()
        return stored
    }

    /// A kind found by a natural key holds one record per key (a setting per owner and key, a goal per day,
    /// a completion per skill or habit and day, a journal entry per day): a copy of it made on another
    /// replica, under another id, gives way to the one being stored.
    static func removeOtherCopies(of record: AnyRecord, row: RowValues, in table: RecordTable, _ db: Database) throws {
        guard record.kind.hasNaturalKey else { return }
        try db.cachedStatement(
            sql: "DELETE FROM \(table.name) WHERE owner_id = ? AND \(table.naturalKeyCondition) AND id <> ?"
        ).execute(
            arguments: StatementArguments(
                [record.meta.ownerID.databaseValue] + table.naturalKeyValues(of: row) + [record.meta.id.databaseValue]))
    }
}
