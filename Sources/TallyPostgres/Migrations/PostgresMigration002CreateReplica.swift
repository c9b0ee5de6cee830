/// The replica's identity: one row holding the device id every process on this database shares, made by the
/// first one to open it. Shipped; never edit, add a new migration.
enum PostgresMigration002CreateReplica {
    static let migration = PostgresMigration(
        identifier: "002-create-replica",
        statements: [
            """
            CREATE TABLE replica (
                singleton integer PRIMARY KEY CHECK (singleton = 1),
                device_id uuid NOT NULL
            )
            """
        ])
}
