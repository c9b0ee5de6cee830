import GRDB

/// A record is known by its owner and id, and so is a compaction marker: every record table and
/// `compaction_markers` get `PRIMARY KEY (owner_id, id)` instead of a key on the id alone. Another person's
/// record under the same id is then another record, so nothing a sync push or an import answers can tell
/// an id someone else uses from one nobody does.
///
/// SQLite cannot change a primary key in place, so each table is rebuilt (``TableRebuild``) from its own
/// stored `CREATE TABLE` with the new key, rowids kept: edits address rows by rowid, and insertion order
/// breaks ties in some reads.
/// Shipped once released; never edit, add a new migration.
enum Migration011KeyRecordsByOwner {
    static let identifier = "011-key-records-by-owner"

    static let tables = Migration007CreateSync.recordTables + ["notification_settings", "compaction_markers"]

    static func migrate(_ db: Database) throws {
        for table in tables {
            let create = try keyedByOwner(try TableRebuild.storedCreate(of: table, db), table: table)
            try TableRebuild.rebuild(table, as: create, aside: "\(table)_before_011", db)
        }
    }

    /// `create` with its `id BLOB PRIMARY KEY NOT NULL` declared `id BLOB NOT NULL` and the table's key made
    /// `(owner_id, id)`, as the last item before the closing parenthesis.
    static func keyedByOwner(_ create: String, table: String) throws -> String {
        let declaration = "id BLOB PRIMARY KEY NOT NULL"
        guard create.components(separatedBy: declaration).count == 2, let close = create.lastIndex(of: ")") else {
            throw DatabaseError(message: "\(table) has no single \(declaration)")
        }
        var keyed = create
        keyed.replaceSubrange(close..<keyed.index(after: close), with: ",\n    PRIMARY KEY (owner_id, id)\n)")
        return keyed.replacingOccurrences(of: declaration, with: "id BLOB NOT NULL")
    }
}
