import GRDB

/// The replica's identity and clock, and bathroom events. Shipped; never edit, add a new migration.
enum Migration001CreateReplicaAndBathroom {
    static let identifier = "001-create-replica-and-bathroom"

    static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE replica (
                    singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
                    device_id TEXT NOT NULL,
                    last_stamp TEXT NOT NULL,
                    last_sequence INTEGER NOT NULL
                );
                CREATE TABLE bathroom_events (
                    id TEXT PRIMARY KEY NOT NULL,
                    owner_id TEXT NOT NULL,
                    at_ms INTEGER NOT NULL,
                    time_zone TEXT NOT NULL,
                    note TEXT,
                    volume_ml INTEGER,
                    urgency INTEGER,
                    leak INTEGER NOT NULL DEFAULT 0,
                    created_ms INTEGER NOT NULL,
                    modified_ms INTEGER NOT NULL,
                    device_id TEXT NOT NULL,
                    stamp TEXT NOT NULL,
                    deleted INTEGER NOT NULL DEFAULT 0,
                    sequence INTEGER NOT NULL
                );
                CREATE INDEX bathroom_events_by_time ON bathroom_events (owner_id, deleted, at_ms);
                CREATE INDEX bathroom_events_by_sequence ON bathroom_events (owner_id, sequence);
                """)
    }
}
