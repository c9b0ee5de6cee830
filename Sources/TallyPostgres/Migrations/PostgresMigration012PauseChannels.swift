/// A channel's health: how many deliveries in a row were given up, and why the scheduler paused it, if it
/// did, as SQLite keeps it (``Migration016PauseChannels``). Shipped once released; never edit, add a new
/// migration.
enum PostgresMigration012PauseChannels {
    static let migration = PostgresMigration(
        identifier: "012-pause-channels",
        statements: [
            "ALTER TABLE notification_channels ADD COLUMN failures integer NOT NULL DEFAULT 0",
            "ALTER TABLE notification_channels ADD COLUMN paused_reason text",
        ])
}
