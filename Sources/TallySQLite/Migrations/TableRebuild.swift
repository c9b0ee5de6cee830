import GRDB

/// How a migration changes what SQLite cannot alter in place (a column's type, the primary key): the table
/// is renamed aside, created again from `create`, filled with the same rows (rowids kept unless the key is
/// the rowid itself), then the old one is dropped and its indexes are created again from their stored text.
/// An empty table is just dropped and made again: renaming reloads the whole schema.
enum TableRebuild {
    /// The `CREATE TABLE` text SQLite keeps for `table`.
    static func storedCreate(of table: String, _ db: Database) throws -> String {
        guard
            let create = try String.fetchOne(
                db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", arguments: [table])
        else { throw DatabaseError(message: "no table \(table)") }
        return create
    }

    /// Rebuilds `table` as `create`, copying each column through `source` (the column's name by default).
    static func rebuild(
        _ table: String, as create: String, aside: String, _ db: Database,
        source: (String) -> String = { $0 }
    ) throws {
        let indexes = try String.fetchAll(
            db, sql: "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL",
            arguments: [table])
        guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \(table))") == true else {
            try db.execute(sql: "DROP TABLE \(table)")
            try db.execute(sql: create)
            for index in indexes { try db.execute(sql: index) }
            return
        }
        let names = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [table])
        // A table whose primary key is its rowid (`singleton INTEGER PRIMARY KEY`) copies it with its columns.
        let keyIsRowid =
            try Bool.fetchOne(
                db, sql: "SELECT COUNT(*) = 1 AND MAX(type = 'INTEGER') FROM pragma_table_info(?) WHERE pk > 0",
                arguments: [table]) ?? false
        let rowid = keyIsRowid ? [] : ["rowid"]
        let target = (rowid + names).joined(separator: ", ")
        let selected = (rowid + names.map(source)).joined(separator: ", ")
        try db.execute(sql: "ALTER TABLE \(table) RENAME TO \(aside)")
        try db.execute(sql: create)
        try db.execute(sql: "INSERT INTO \(table) (\(target)) SELECT \(selected) FROM \(aside)")
        try db.execute(sql: "DROP TABLE \(aside)")
        for index in indexes { try db.execute(sql: index) }
    }
}
