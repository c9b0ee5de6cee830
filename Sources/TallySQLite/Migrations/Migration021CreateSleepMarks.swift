import GRDB

/// The bladder diary's "went to bed" and "got up" marks (one row per owner, diary day and kind), a synced
/// kind of its own. Shipped once released; never edit, add a new migration.
enum Migration021CreateSleepMarks {
    static let identifier = "021-create-sleep-marks"

    static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE sleep_marks (
                    id BLOB NOT NULL,
                    owner_id BLOB NOT NULL,
                    created_ms INTEGER NOT NULL,
                    modified_ms INTEGER NOT NULL,
                    device_id BLOB NOT NULL,
                    stamp TEXT NOT NULL,
                    deleted INTEGER NOT NULL DEFAULT 0,
                    sequence INTEGER NOT NULL,
                    day TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    at_ms INTEGER NOT NULL,
                    time_zone TEXT NOT NULL,
                    PRIMARY KEY (owner_id, id)
                );
                CREATE UNIQUE INDEX sleep_marks_by_day ON sleep_marks (owner_id, day, kind);
                CREATE INDEX sleep_marks_by_sequence ON sleep_marks (owner_id, sequence);
                CREATE INDEX sleep_marks_tombstones ON sleep_marks (owner_id, sequence) WHERE deleted = 1;
                """)
    }
}
