import GRDB

/// User settings, one row per field so replicas can merge them field by field.
/// Shipped; never edit, add a new migration.
enum Migration002CreateSettings {
    static let identifier = "002-create-settings"

    static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE settings (
                    id TEXT PRIMARY KEY NOT NULL,
                    owner_id TEXT NOT NULL,
                    key TEXT NOT NULL,
                    value TEXT NOT NULL,
                    created_ms INTEGER NOT NULL,
                    modified_ms INTEGER NOT NULL,
                    device_id TEXT NOT NULL,
                    stamp TEXT NOT NULL,
                    deleted INTEGER NOT NULL DEFAULT 0,
                    sequence INTEGER NOT NULL
                );
                CREATE UNIQUE INDEX settings_by_key ON settings (owner_id, key);
                CREATE INDEX settings_by_sequence ON settings (owner_id, sequence);
                """)
    }
}
