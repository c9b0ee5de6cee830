import Foundation
import GRDB

/// Ids of records, owners, devices and skills stored as their 16 bytes (`BLOB`) instead of 36 characters of
/// text, in every table but the accounts tables (`users`, `sessions`, `access_tokens`, `invites` keep text ids).
/// Rows shrink by about 60 bytes and every index entry by 20, so a sync reads and writes fewer pages.
///
/// Each table is rebuilt (``TableRebuild``) from its own stored `CREATE TABLE` with those columns declared
/// `BLOB` (rowids kept: insertion order breaks ties in some reads). An id that is not a UUID stops the
/// migration, which then changes nothing.
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
        var create = try TableRebuild.storedCreate(of: table, db)
        for column in retyped {
            guard let declared = declaration(of: column, in: create) else {
                throw DatabaseError(message: "no column \(table).\(column) TEXT")
            }
            create.replaceSubrange(declared, with: "\(column) BLOB")
        }
        try TableRebuild.rebuild(table, as: create, aside: "\(table)_before_008", db) { column in
            retyped.contains(column) ? "\(function)(\(column))" : column
        }
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
