/// Notifications a user snoozed from a notification's button, each to be sent again at its new time.
/// Shipped once released; never edit, add a new migration.
enum PostgresMigration006CreateSnoozes {
    static let migration = PostgresMigration(
        identifier: "006-create-snoozes",
        statements: [
            """
            CREATE TABLE notification_snoozes (
                owner_id uuid NOT NULL,
                key text NOT NULL,
                due_ms bigint NOT NULL,
                source_id uuid,
                title text NOT NULL,
                body text NOT NULL,
                action text,
                PRIMARY KEY (owner_id, key)
            )
            """,
            "CREATE INDEX notification_snoozes_by_due ON notification_snoozes (due_ms)",
        ])
}
