import GRDB

/// Accounts: users, browser sessions, device tokens, invites, failed log-ins, server switches, and who
/// uploaded each image. Shipped; never edit, add a new migration.
enum Migration006CreateAccounts {
    static let identifier = "006-create-accounts"

    static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE users (
                    id TEXT PRIMARY KEY NOT NULL,
                    name TEXT NOT NULL UNIQUE,
                    is_admin INTEGER NOT NULL,
                    password_hash TEXT NOT NULL,
                    created_ms INTEGER NOT NULL
                );
                CREATE TABLE sessions (
                    digest TEXT PRIMARY KEY NOT NULL,
                    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    csrf_token TEXT NOT NULL,
                    created_ms INTEGER NOT NULL,
                    expires_ms INTEGER NOT NULL,
                    remember INTEGER NOT NULL
                );
                CREATE INDEX sessions_by_user ON sessions (user_id);
                CREATE TABLE access_tokens (
                    id TEXT PRIMARY KEY NOT NULL,
                    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    digest TEXT NOT NULL UNIQUE,
                    created_ms INTEGER NOT NULL,
                    last_used_ms INTEGER,
                    UNIQUE (user_id, name)
                );
                CREATE TABLE invites (
                    digest TEXT PRIMARY KEY NOT NULL,
                    created_by TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    created_ms INTEGER NOT NULL,
                    expires_ms INTEGER NOT NULL
                );
                CREATE TABLE login_failures (
                    key TEXT NOT NULL,
                    at_ms INTEGER NOT NULL
                );
                CREATE INDEX login_failures_by_key ON login_failures (key, at_ms);
                CREATE TABLE server_settings (
                    key TEXT PRIMARY KEY NOT NULL,
                    value TEXT NOT NULL
                );
                CREATE TABLE image_owners (
                    name TEXT NOT NULL,
                    owner_id TEXT NOT NULL,
                    PRIMARY KEY (name, owner_id)
                );
                INSERT OR IGNORE INTO image_owners (name, owner_id)
                    SELECT substr(image_url, 9), owner_id FROM date_trackers WHERE image_url LIKE '/images/%';
                INSERT OR IGNORE INTO image_owners (name, owner_id)
                    SELECT substr(image_url, 9), owner_id FROM journal_entries WHERE image_url LIKE '/images/%';
                """)
    }
}
