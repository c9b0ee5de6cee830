import GRDB

/// A channel's health: how many deliveries in a row were given up, and why the scheduler paused it, if it
/// did (``NotificationChannel/pausedReason``). Stored channels whose address no longer passes the checks
/// are paused by the scheduler when it next plans, not here. Shipped once released; never edit, add a new
/// migration.
enum Migration016PauseChannels {
    static let identifier = "016-pause-channels"

    static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE notification_channels ADD COLUMN failures INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE notification_channels ADD COLUMN paused_reason TEXT;
                """)
    }
}
