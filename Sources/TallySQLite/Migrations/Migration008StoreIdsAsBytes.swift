import Foundation
import GRDB

/// Ids of records, owners, devices and skills stored as their 16 bytes (`BLOB`) instead of 36 characters of
/// text, in every table but the accounts tables (`users`, `sessions`, `access_tokens`, `invites` keep text ids).
/// Rows shrink by about 60 bytes and every index entry by 20, so a sync reads and writes fewer pages.
///
/// Each table is rebuilt: renamed aside, created again from its own stored `CREATE TABLE` with those columns
/// declared `BLOB`, filled with the same rows (rowids kept: insertion order breaks ties in some reads), then
/// the old one is dropped and its indexes are created again from their stored text; an empty table is just
/// dropped and made again. An id that is not a UUID stops the migration, which then changes nothing.
/// Shipped; never edit, add a new migration.
enum Migration008StoreIdsAsBytes {
    static let identifier = "008-store-ids-as-bytes"

    static let columns: [(table: String, columns: [String])] =
        [("replica", ["device_id"])]
        + Migration007CreateSync.recordTables.map { table in
            (table, ["id", "owner_id", "device_id"] + (skillTables.contains(table) ? ["skill_id"] : []))
        }
        + [
            ("sync_state", ["owner_id"]), ("sync_devices", ["device_id", "owner_id"]),
            ("compaction_markers", ["id", "owner_id"]), ("sync_horizons", ["owner_id"]),
            ("image_owners", ["owner_id"]),
        ]

    private static let skillTables: Set = ["skill_completions", "memorable_moments"]
    private static let function = "tally_uuid_bytes"

    static func migrate(_ db: Database) throws {
        db.add(function: bytes)
        defer { db.remove(function: bytes) }
        for (table, retyped) in columns {
            try rebuild(table, retyping: retyped, db)
        }
    }

    /// A UUID's bytes from its text (or, already converted, its bytes); NULL stays NULL.
    private static let bytes = DatabaseFunction(function, argumentCount: 1, pure: true) { values in
        let value = values[0]
        if value.isNull { return nil }
        guard let uuid = UUID.fromDatabaseValue(value) else {
            throw DatabaseError(message: "\(value) is not a UUID")
        }
        return uuid.databaseValue
    }

    private static func rebuild(_ table: String, retyping retyped: [String], _ db: Database) throws {
        guard
            var create = try String.fetchOne(
                db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", arguments: [table])
        else { throw DatabaseError(message: "no table \(table)") }
        for column in retyped {
            guard let declared = declaration(of: column, in: create) else {
                throw DatabaseError(message: "no column \(table).\(column) TEXT")
            }
            create.replaceSubrange(declared, with: "\(column) BLOB")
        }
        let indexes = try String.fetchAll(
            db, sql: "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL",
            arguments: [table])
        // An empty table (every table of a new file) is simply made again: renaming reloads the whole schema.
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
        let source = (rowid + names.map { retyped.contains($0) ? "\(function)(\($0))" : $0 }).joined(separator: ", ")
        let aside = "\(table)_before_008"
        try db.execute(sql: "ALTER TABLE \(table) RENAME TO \(aside)")
        try db.execute(sql: create)
        try db.execute(sql: "INSERT INTO \(table) (\(target)) SELECT \(source) FROM \(aside)")
        try db.execute(sql: "DROP TABLE \(aside)")
        for index in indexes { try db.execute(sql: index) }
    }

    /// Where `<column> TEXT` declares the column in a `CREATE TABLE` text: as whole words, so `id` is never
    /// found inside `owner_id`.
    private static func declaration(of column: String, in create: String) -> Range<String.Index>? {
        let words = "\(column) TEXT"
        var from = create.startIndex
        while let found = create.range(of: words, range: from..<create.endIndex) {
            let before = found.lowerBound == create.startIndex ? nil : create[create.index(before: found.lowerBound)]
            let after = found.upperBound == create.endIndex ? nil : create[found.upperBound]
            if !(before.map(isWordCharacter) ?? false) && !(after.map(isWordCharacter) ?? false) { return found }
            from = found.upperBound
        }
        return nil
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }
}
