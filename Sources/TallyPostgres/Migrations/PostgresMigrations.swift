import Foundation
import Logging
import PostgresNIO
import TallyCore
import TallyStorage

/// The schema's history, in order, and how a database is brought up to date. Append only: a shipped
/// migration is never edited or removed.
///
/// `tally_migrations` lists the identifiers applied (with when, in milliseconds). Several `tally serve`
/// processes may open one database at once, so the whole check-and-migrate runs in one transaction that first
/// takes a transaction-scoped advisory lock: the others wait for it, then find nothing left to do. A failed
/// migration rolls back with everything before it in the same run, leaving the database as it was.
enum PostgresMigrations {
    static let all: [PostgresMigration] = [
        PostgresMigration001CreateAccounts.migration,
        PostgresMigration002CreateReplica.migration,
        PostgresMigration003CreateImages.migration,
        PostgresMigration004CreateRecords.migration,
        PostgresMigration005CreateNotifications.migration,
        PostgresMigration006CreateSnoozes.migration,
        PostgresMigration007KeyRecordsByOwner.migration,
        PostgresMigration008CreateWidgetLinks.migration,
        PostgresMigration009CreateDayTotals.migration,
        PostgresMigration010IndexTombstones.migration,
        PostgresMigration011CountAccountChanges.migration,
        PostgresMigration012PauseChannels.migration,
        PostgresMigration013KeyDevicesByOwner.migration,
        PostgresMigration014CountNamedSettingChanges.migration,
        PostgresMigration015CreateDiaryShares.migration,
        PostgresMigration016CountSkillRuleChanges.migration,
        PostgresMigration017NoteWhenImagesWereKept.migration,
    ]

    /// The advisory lock's key: any fixed number other programs on the database are unlikely to use
    /// (the ASCII bytes of "tallymig").
    static let lockKey: Int64 = 0x7461_6c6c_796d_6967

    /// Applies the migrations `database` lacks, up to and including `last` (all by default), and returns the
    /// database's device id, made by whichever process got here first. A database holding a migration this
    /// version does not know is refused (``StoreFault/newerSchema(_:known:)``) and left untouched. Once
    /// committed, what was applied is told to `events` (see ``log(applied:before:to:)``).
    static func migrate(
        _ database: PostgresConnection, upTo last: String? = nil, logger: Logger, events: Logger? = nil
    ) async throws
        -> UUID
    {
        var wanted = all
        if let last, let index = all.firstIndex(where: { $0.identifier == last }) {
            wanted = Array(all[...index])
        }
        let (deviceID, before, applied) = try await database.withTransaction(logger: logger) {
            [wanted] connection throws -> (UUID, Set<String>, [String]) in
            try await connection.execute("SELECT pg_advisory_xact_lock(\(lockKey))", logger: logger)
            try await connection.execute(
                """
                CREATE TABLE IF NOT EXISTS tally_migrations (
                    identifier text PRIMARY KEY,
                    applied_ms bigint NOT NULL
                )
                """, logger: logger)
            let applied = try await appliedIdentifiers(connection, logger: logger)
            // A newer Tally's schema read by this version would look like corrupt data, or be written wrongly.
            let unknown = applied.subtracting(all.map(\.identifier))
            guard unknown.isEmpty else {
                throw StoreFault.newerSchema(unknown.sorted(), known: all.last?.identifier ?? "")
            }
            var applying: [String] = []
            for migration in wanted where !applied.contains(migration.identifier) {
                applying.append(migration.identifier)
                for statement in migration.statements {
                    try await connection.execute(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                // Stamped by the database's own clock: a record of when the schema changed, read by no rule.
                try await connection.execute(
                    """
                    INSERT INTO tally_migrations (identifier, applied_ms)
                    VALUES (\(migration.identifier), (extract(epoch FROM clock_timestamp()) * 1000)::bigint)
                    """, logger: logger)
            }
            return (try await Self.deviceID(connection, logger: logger), applied, applying)
        }
        if let events { log(applied: applied, before: before, to: events) }
        return deviceID
    }

    /// Tells `logger` what opening the database did to its schema, as SQLite's store does: a new database's
    /// creation in one line (info), each migration of an existing one in a line of its own (notice).
    static func log(applied: [String], before: Set<String>, to logger: Logger) {
        guard let last = applied.last else { return }
        if before.isEmpty {
            logger.info("created the PostgreSQL schema (\(applied.count) migrations, up to \(last))")
            return
        }
        for identifier in applied { logger.notice("applied PostgreSQL migration \(identifier)") }
    }

    static func appliedIdentifiers(_ connection: PostgresConnection, logger: Logger) async throws -> Set<String> {
        var identifiers = Set<String>()
        for row in try await connection.rows("SELECT identifier FROM tally_migrations", logger: logger) {
            identifiers.insert(try row.decode(String.self))
        }
        return identifiers
    }

    /// The `replica` row's device id, made now when the database has none yet (a throwaway one when the
    /// migrations stopped before the table exists, which only tests ask for).
    private static func deviceID(_ connection: PostgresConnection, logger: Logger) async throws -> UUID {
        let tables = try await connection.rows("SELECT to_regclass('replica') IS NOT NULL", logger: logger)
        guard try tables.first?.decode(Bool.self) == true else { return UUID() }
        try await connection.execute(
            "INSERT INTO replica (singleton, device_id) VALUES (1, \(UUID())) ON CONFLICT (singleton) DO NOTHING",
            logger: logger)
        guard let row = try await connection.rows("SELECT device_id FROM replica", logger: logger).first else {
            throw StoreFault.corrupt("replica.device_id")
        }
        return try row.decode(UUID.self)
    }
}
