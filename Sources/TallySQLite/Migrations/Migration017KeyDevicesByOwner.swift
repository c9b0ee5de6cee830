import GRDB

/// Devices are each owner's own: keyed by (owner, device), so a device id another person uses is simply a
/// new device of this one (it answered "belongs to another user", which told that the id existed).
/// Shipped once released; never edit, add a new migration.
enum Migration017KeyDevicesByOwner {
    static let identifier = "017-key-devices-by-owner"

    static func migrate(_ db: Database) throws {
        try TableRebuild.rebuild(
            "sync_devices",
            as: """
                CREATE TABLE sync_devices (
                    device_id BLOB NOT NULL,
                    owner_id BLOB NOT NULL,
                    acknowledged_through INTEGER NOT NULL DEFAULT 0,
                    last_seen_ms INTEGER NOT NULL,
                    PRIMARY KEY (owner_id, device_id)
                )
                """, aside: "sync_devices_before_017", db)
    }
}
