/// Accounts: users, browser sessions, device tokens, invites, failed log-ins and server switches, as in the
/// SQLite store but with PostgreSQL's types (`uuid` ids, `boolean` flags, `bigint` milliseconds). Sessions,
/// tokens and invites go with their user (ON DELETE CASCADE). Shipped; never edit, add a new migration.
enum PostgresMigration001CreateAccounts {
    static let migration = PostgresMigration(
        identifier: "001-create-accounts",
        statements: [
            """
            CREATE TABLE users (
                id uuid PRIMARY KEY,
                name text NOT NULL UNIQUE,
                is_admin boolean NOT NULL,
                password_hash text NOT NULL,
                created_ms bigint NOT NULL
            )
            """,
            """
            CREATE TABLE sessions (
                digest text PRIMARY KEY,
                user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                csrf_token text NOT NULL,
                created_ms bigint NOT NULL,
                expires_ms bigint NOT NULL,
                remember boolean NOT NULL
            )
            """,
            "CREATE INDEX sessions_by_user ON sessions (user_id)",
            """
            CREATE TABLE access_tokens (
                id uuid PRIMARY KEY,
                user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                name text NOT NULL,
                digest text NOT NULL UNIQUE,
                created_ms bigint NOT NULL,
                last_used_ms bigint,
                UNIQUE (user_id, name)
            )
            """,
            """
            CREATE TABLE invites (
                digest text PRIMARY KEY,
                created_by uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                created_ms bigint NOT NULL,
                expires_ms bigint NOT NULL
            )
            """,
            // PostgreSQL does not index a foreign key by itself; deleting a user looks their invites up by it.
            "CREATE INDEX invites_by_creator ON invites (created_by)",
            """
            CREATE TABLE login_failures (
                key text NOT NULL,
                at_ms bigint NOT NULL
            )
            """,
            "CREATE INDEX login_failures_by_key ON login_failures (key, at_ms)",
            // Each failure forgets the old ones of every key: by time, not by key.
            "CREATE INDEX login_failures_by_time ON login_failures (at_ms)",
            """
            CREATE TABLE server_settings (
                key text PRIMARY KEY,
                value text NOT NULL
            )
            """,
        ])
}
