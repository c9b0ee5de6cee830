/// What the server keeps to send notifications: channels, calendar feed secrets, claimed deliveries, the
/// delivery log and the server's own keys (the Web Push VAPID key). The users' notification settings are
/// records like any other, in `records`. Shipped; never edit, add a new migration.
enum PostgresMigration005CreateNotifications {
    static let migration = PostgresMigration(
        identifier: "005-create-notifications",
        statements: [
            """
            CREATE TABLE notification_channels (
                id uuid PRIMARY KEY,
                owner_id uuid NOT NULL,
                name text NOT NULL,
                kind text NOT NULL,
                url text NOT NULL,
                token text,
                secret text,
                push_key text,
                push_auth text,
                created_ms bigint NOT NULL
            )
            """,
            "CREATE UNIQUE INDEX notification_channels_by_name ON notification_channels (owner_id, name)",
            """
            CREATE TABLE calendar_feeds (
                owner_id uuid PRIMARY KEY,
                secret text NOT NULL UNIQUE
            )
            """,
            """
            CREATE TABLE notification_deliveries (
                owner_id uuid NOT NULL,
                key text NOT NULL,
                channel_id uuid NOT NULL,
                state text NOT NULL,
                attempts integer NOT NULL,
                lease_until_ms bigint NOT NULL,
                next_attempt_ms bigint NOT NULL,
                claimed_ms bigint NOT NULL,
                PRIMARY KEY (owner_id, key, channel_id)
            )
            """,
            "CREATE INDEX notification_deliveries_by_claim ON notification_deliveries (claimed_ms)",
            """
            CREATE TABLE notification_log (
                seq bigserial PRIMARY KEY,
                owner_id uuid NOT NULL,
                at_ms bigint NOT NULL,
                key text NOT NULL,
                kind text NOT NULL,
                title text NOT NULL,
                channel_name text NOT NULL,
                channel_kind text NOT NULL,
                attempt integer NOT NULL,
                outcome text NOT NULL,
                detail text NOT NULL
            )
            """,
            "CREATE INDEX notification_log_by_owner ON notification_log (owner_id, seq)",
            "CREATE INDEX notification_log_by_time ON notification_log (at_ms)",
            """
            CREATE TABLE server_secrets (
                name text PRIMARY KEY,
                value text NOT NULL
            )
            """,
        ])
}
