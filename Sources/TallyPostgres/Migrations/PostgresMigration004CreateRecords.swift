/// Records of every kind in one table, each kept whole as its JSON (the backup's form) beside the columns
/// that sync and reads look it up by; per-owner clocks; compaction markers, devices and horizons.
/// Shipped; never edit, add a new migration.
///
/// A new kind of record needs no migration here: its rows go in `records` under its kind identifier.
enum PostgresMigration004CreateRecords {
    static let migration = PostgresMigration(
        identifier: "004-create-records",
        statements: [
            """
            CREATE TABLE records (
                kind text NOT NULL,
                id uuid NOT NULL,
                owner_id uuid NOT NULL,
                natural_key text,
                search_key bigint,
                created_ms bigint NOT NULL,
                modified_ms bigint NOT NULL,
                device_id uuid NOT NULL,
                stamp text NOT NULL,
                deleted boolean NOT NULL,
                sequence bigint NOT NULL,
                body text NOT NULL,
                PRIMARY KEY (kind, id)
            )
            """,
            """
            CREATE UNIQUE INDEX records_by_natural_key ON records (owner_id, kind, natural_key)
                WHERE natural_key IS NOT NULL
            """,
            "CREATE INDEX records_by_search_key ON records (owner_id, kind, search_key)",
            "CREATE INDEX records_by_sequence ON records (owner_id, sequence)",
            "CREATE INDEX records_by_id ON records (id)",
            """
            CREATE TABLE owner_clocks (
                owner_id uuid PRIMARY KEY,
                last_stamp text NOT NULL,
                last_sequence bigint NOT NULL
            )
            """,
            """
            CREATE TABLE compaction_markers (
                id uuid PRIMARY KEY,
                owner_id uuid NOT NULL,
                stamp text NOT NULL,
                sequence bigint NOT NULL
            )
            """,
            "CREATE INDEX compaction_markers_by_sequence ON compaction_markers (owner_id, sequence)",
            """
            CREATE TABLE sync_devices (
                device_id uuid PRIMARY KEY,
                owner_id uuid NOT NULL,
                acknowledged_through bigint NOT NULL,
                last_seen_ms bigint NOT NULL
            )
            """,
            "CREATE INDEX sync_devices_by_owner ON sync_devices (owner_id)",
            """
            CREATE TABLE sync_horizons (
                owner_id uuid PRIMARY KEY,
                horizon bigint NOT NULL
            )
            """,
        ])
}
