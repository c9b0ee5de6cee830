import GRDB

/// Notifications: the users' notification settings (a synced kind, one row per name), and what the
/// server keeps to send them: channels, calendar feed secrets, claimed deliveries, the delivery log and
/// the server's own keys (the Web Push VAPID key). Shipped; never edit, add a new migration.
enum Migration009CreateNotifications {
    static let identifier = "009-create-notifications"

    static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE notification_settings (
                    id BLOB PRIMARY KEY NOT NULL,
                    owner_id BLOB NOT NULL,
                    created_ms INTEGER NOT NULL,
                    modified_ms INTEGER NOT NULL,
                    device_id BLOB NOT NULL,
                    stamp TEXT NOT NULL,
                    deleted INTEGER NOT NULL DEFAULT 0,
                    sequence INTEGER NOT NULL,
                    name TEXT NOT NULL,
                    value TEXT NOT NULL
                );
                CREATE UNIQUE INDEX notification_settings_by_name ON notification_settings (owner_id, name);
                CREATE INDEX notification_settings_by_sequence ON notification_settings (owner_id, sequence);
                CREATE INDEX notification_settings_tombstones ON notification_settings (owner_id, sequence)
                    WHERE deleted = 1;
                CREATE TABLE notification_channels (
                    id BLOB PRIMARY KEY NOT NULL,
                    owner_id BLOB NOT NULL,
                    name TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    url TEXT NOT NULL,
                    token TEXT,
                    secret TEXT,
                    push_key TEXT,
                    push_auth TEXT,
                    created_ms INTEGER NOT NULL
                );
                CREATE UNIQUE INDEX notification_channels_by_name ON notification_channels (owner_id, name);
                CREATE TABLE calendar_feeds (
                    owner_id BLOB PRIMARY KEY NOT NULL,
                    secret TEXT NOT NULL UNIQUE
                );
                CREATE TABLE notification_deliveries (
                    owner_id BLOB NOT NULL,
                    key TEXT NOT NULL,
                    channel_id BLOB NOT NULL,
                    state TEXT NOT NULL,
                    attempts INTEGER NOT NULL,
                    lease_until_ms INTEGER NOT NULL,
                    next_attempt_ms INTEGER NOT NULL,
                    claimed_ms INTEGER NOT NULL,
                    PRIMARY KEY (owner_id, key, channel_id)
                );
                CREATE INDEX notification_deliveries_by_claim ON notification_deliveries (claimed_ms);
                CREATE TABLE notification_log (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT,
                    owner_id BLOB NOT NULL,
                    at_ms INTEGER NOT NULL,
                    key TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    title TEXT NOT NULL,
                    channel_name TEXT NOT NULL,
                    channel_kind TEXT NOT NULL,
                    attempt INTEGER NOT NULL,
                    outcome TEXT NOT NULL,
                    detail TEXT NOT NULL
                );
                CREATE INDEX notification_log_by_owner ON notification_log (owner_id, seq);
                CREATE INDEX notification_log_by_time ON notification_log (at_ms);
                CREATE TABLE server_secrets (
                    name TEXT PRIMARY KEY NOT NULL,
                    value TEXT NOT NULL
                );
                """)
    }
}
