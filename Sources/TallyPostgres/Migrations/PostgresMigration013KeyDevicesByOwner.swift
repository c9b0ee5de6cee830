/// Devices are each owner's own, keyed by (owner, device), as SQLite keys them
/// (``Migration017KeyDevicesByOwner``). Shipped once released; never edit, add a new migration.
enum PostgresMigration013KeyDevicesByOwner {
    static let migration = PostgresMigration(
        identifier: "013-key-devices-by-owner",
        statements: [
            "ALTER TABLE sync_devices DROP CONSTRAINT sync_devices_pkey",
            "ALTER TABLE sync_devices ADD PRIMARY KEY (owner_id, device_id)",
        ])
}
