import GRDB

/// Two synced kinds: weekly and monthly water goals (one row per owner, period and day set) and settings
/// kept by an open name (the first weekday). Keyed by (owner, id) like every record table since migration
/// 011; a change to a named setting moves the cache version as a setting's does (migration 015). Shipped
/// once released; never edit, add a new migration.
enum Migration018CreatePeriodGoalsAndNamedSettings {
    static let identifier = "018-create-period-goals-and-named-settings"

    static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE water_period_goals (
                    id BLOB NOT NULL,
                    owner_id BLOB NOT NULL,
                    created_ms INTEGER NOT NULL,
                    modified_ms INTEGER NOT NULL,
                    device_id BLOB NOT NULL,
                    stamp TEXT NOT NULL,
                    deleted INTEGER NOT NULL DEFAULT 0,
                    sequence INTEGER NOT NULL,
                    period TEXT NOT NULL,
                    effective_day TEXT NOT NULL,
                    goal_ml REAL,
                    PRIMARY KEY (owner_id, id)
                );
                CREATE UNIQUE INDEX water_period_goals_by_day ON water_period_goals (owner_id, period, effective_day);
                CREATE INDEX water_period_goals_by_sequence ON water_period_goals (owner_id, sequence);
                CREATE INDEX water_period_goals_tombstones ON water_period_goals (owner_id, sequence)
                    WHERE deleted = 1;
                CREATE TABLE named_settings (
                    id BLOB NOT NULL,
                    owner_id BLOB NOT NULL,
                    created_ms INTEGER NOT NULL,
                    modified_ms INTEGER NOT NULL,
                    device_id BLOB NOT NULL,
                    stamp TEXT NOT NULL,
                    deleted INTEGER NOT NULL DEFAULT 0,
                    sequence INTEGER NOT NULL,
                    name TEXT NOT NULL,
                    value TEXT NOT NULL,
                    PRIMARY KEY (owner_id, id)
                );
                CREATE UNIQUE INDEX named_settings_by_name ON named_settings (owner_id, name);
                CREATE INDEX named_settings_by_sequence ON named_settings (owner_id, sequence);
                CREATE INDEX named_settings_tombstones ON named_settings (owner_id, sequence) WHERE deleted = 1;
                """)
        for change in ["INSERT", "UPDATE", "DELETE"] {
            try db.execute(
                sql: """
                    CREATE TRIGGER named_settings_changed_\(change.lowercased()) AFTER \(change) ON named_settings
                    BEGIN UPDATE cache_version SET version = version + 1; END
                    """)
        }
    }
}
