import GRDB

/// Sync: a device's settings and cursors (one row), the devices a server has seen and how far each has
/// acknowledged, compaction markers (the ids of compacted tombstones, in the change feed) and how far
/// markers have been forgotten per owner. Partial indexes find tombstones to compact without a scan.
/// Shipped; never edit, add a new migration.
enum Migration007CreateSync {
    static let identifier = "007-create-sync"

    static let recordTables = [
        "bathroom_events", "settings", "water_entries", "water_goals", "skills", "skill_categories",
        "skill_completions", "routine_completions", "memorable_moments", "date_trackers", "reminders",
        "calendar_events", "journal_entries",
    ]

    static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE sync_state (
                    singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
                    server_url TEXT NOT NULL,
                    token TEXT,
                    owner_id TEXT NOT NULL,
                    pushed_through INTEGER NOT NULL DEFAULT 0,
                    pulled_through INTEGER NOT NULL DEFAULT 0,
                    resync_pending INTEGER NOT NULL DEFAULT 0,
                    reconciled_ms INTEGER
                );
                CREATE TABLE sync_devices (
                    device_id TEXT PRIMARY KEY NOT NULL,
                    owner_id TEXT NOT NULL,
                    acknowledged_through INTEGER NOT NULL DEFAULT 0,
                    last_seen_ms INTEGER NOT NULL
                );
                CREATE INDEX sync_devices_by_owner ON sync_devices (owner_id);
                CREATE TABLE compaction_markers (
                    id TEXT PRIMARY KEY NOT NULL,
                    owner_id TEXT NOT NULL,
                    stamp TEXT NOT NULL,
                    sequence INTEGER NOT NULL
                );
                CREATE INDEX compaction_markers_by_sequence ON compaction_markers (owner_id, sequence);
                CREATE INDEX compaction_markers_by_stamp ON compaction_markers (owner_id, stamp);
                CREATE TABLE sync_horizons (
                    owner_id TEXT PRIMARY KEY NOT NULL,
                    horizon INTEGER NOT NULL
                );
                """)
        for table in recordTables {
            try db.execute(sql: "CREATE INDEX \(table)_tombstones ON \(table) (owner_id, sequence) WHERE deleted = 1")
        }
    }
}
