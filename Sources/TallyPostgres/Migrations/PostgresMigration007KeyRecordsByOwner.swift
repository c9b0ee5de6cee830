/// A record is known by its owner, kind and id, and a compaction marker by its owner and id: another
/// person's record under the same id is another record, so nothing a sync push or an import answers can
/// tell an id someone else uses from one nobody does. Lookups by owner and id use the new primary key,
/// so the index on the id alone goes. Shipped once released; never edit, add a new migration.
enum PostgresMigration007KeyRecordsByOwner {
    static let migration = PostgresMigration(
        identifier: "007-key-records-by-owner",
        statements: [
            "ALTER TABLE records DROP CONSTRAINT records_pkey, ADD PRIMARY KEY (owner_id, id, kind)",
            "DROP INDEX records_by_id",
            """
            ALTER TABLE compaction_markers DROP CONSTRAINT compaction_markers_pkey,
                ADD PRIMARY KEY (owner_id, id)
            """,
        ])
}
