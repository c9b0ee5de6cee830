import GRDB

/// Notifications a user snoozed from a notification's button, each to be sent again at its new time.
/// Shipped once released; never edit, add a new migration.
enum Migration010CreateSnoozes {
    static let identifier = "010-create-snoozes"

    static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE notification_snoozes (
                    owner_id BLOB NOT NULL,
                    key TEXT NOT NULL,
                    due_ms INTEGER NOT NULL,
                    source_id BLOB,
                    title TEXT NOT NULL,
                    body TEXT NOT NULL,
                    action TEXT,
                    PRIMARY KEY (owner_id, key)
                );
                CREATE INDEX notification_snoozes_by_due ON notification_snoozes (due_ms);
                """)
    }
}
