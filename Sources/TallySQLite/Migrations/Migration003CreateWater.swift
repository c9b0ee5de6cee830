import GRDB

/// Water entries and the history of daily goals. Shipped; never edit, add a new migration.
enum Migration003CreateWater {
    static let identifier = "003-create-water"

    static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE water_entries (
                    id TEXT PRIMARY KEY NOT NULL,
                    owner_id TEXT NOT NULL,
                    at_ms INTEGER NOT NULL,
                    time_zone TEXT NOT NULL,
                    amount_ml REAL NOT NULL,
                    drink_kind TEXT,
                    source TEXT NOT NULL,
                    created_ms INTEGER NOT NULL,
                    modified_ms INTEGER NOT NULL,
                    device_id TEXT NOT NULL,
                    stamp TEXT NOT NULL,
                    deleted INTEGER NOT NULL DEFAULT 0,
                    sequence INTEGER NOT NULL
                );
                CREATE INDEX water_entries_by_time ON water_entries (owner_id, deleted, at_ms);
                CREATE INDEX water_entries_by_creation ON water_entries (owner_id, deleted, created_ms);
                CREATE INDEX water_entries_by_sequence ON water_entries (owner_id, sequence);
                CREATE TABLE water_goals (
                    id TEXT PRIMARY KEY NOT NULL,
                    owner_id TEXT NOT NULL,
                    effective_day TEXT NOT NULL,
                    goal_ml REAL NOT NULL,
                    created_ms INTEGER NOT NULL,
                    modified_ms INTEGER NOT NULL,
                    device_id TEXT NOT NULL,
                    stamp TEXT NOT NULL,
                    deleted INTEGER NOT NULL DEFAULT 0,
                    sequence INTEGER NOT NULL
                );
                CREATE UNIQUE INDEX water_goals_by_day ON water_goals (owner_id, effective_day);
                CREATE INDEX water_goals_by_sequence ON water_goals (owner_id, sequence);
                """)
    }
}
