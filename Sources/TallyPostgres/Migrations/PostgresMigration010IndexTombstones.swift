/// The owner's tombstones by sequence, as SQLite keeps them (`*_tombstones`, ``Migration007CreateSync``):
/// every pull asks whether any can be compacted, and without this index PostgreSQL read all of the owner's
/// records to answer (a first sync of 100,000 records from PostgreSQL spent most of its time there).
/// Shipped once released; never edit, add a new migration.
enum PostgresMigration010IndexTombstones {
    static let migration = PostgresMigration(
        identifier: "010-index-tombstones",
        statements: ["CREATE INDEX records_tombstones ON records (owner_id, sequence) WHERE deleted"])
}
