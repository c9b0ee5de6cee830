import GRDB
import TallyCore

/// How an edit of a stored row of one table is written: `UPDATE table SET <columns> WHERE rowid = ?`, setting
/// an indexed column only when its value changed.
///
/// SQLite rewrites an index entry only when the statement sets one of that index's columns, so an edit of a
/// water entry's amount leaves the indexes on time and creation alone, where an upsert of every column
/// rewrote them all: a merge of scattered edits does less work and dirties fewer pages. Columns that no
/// index holds are always set, which costs no more than leaving them.
struct EditLayout {
    let table: String
    /// The indexed columns outside the record header, read with each stored row (after the header).
    let indexedColumns: [String]
    private var sources: (names: [String], sources: [Source])?
    /// The prepared update for each set of columns set, by mask: looking a statement up by its text would
    /// hash that text for every row.
    private var statements: [UInt64: Statement] = [:]

    /// Where the old value of a column to write is found, to tell whether it changed.
    private enum Source {
        /// The record's id: the row was found by it.
        case unchanged
        case always
        case ownerID, createdAt, deleted
        /// The `n`th of the indexed columns read with the row.
        case indexed(Int)
    }

    static let header = ["id", "owner_id", "created_ms", "modified_ms", "device_id", "stamp", "deleted"]

    init(table: String, _ db: Database) throws {
        self.table = table
        indexedColumns = try String.fetchAll(
            db,
            sql: "SELECT DISTINCT info.name FROM pragma_index_list(?) AS list, pragma_index_info(list.name) AS info "
                + "WHERE info.name IS NOT NULL ORDER BY info.name",
            arguments: [table]
        ).filter { !Self.header.contains($0) }
    }

    /// What to select of a stored row: `leading` (by default the header, in `RecordMeta(headerRow:)` order),
    /// the indexed columns, then the rowid. A wider `leading` must begin with the header too.
    func selection(leading: String = Self.header.joined(separator: ", ")) -> String {
        ([leading] + indexedColumns + ["rowid"]).joined(separator: ", ")
    }

    /// The statement and arguments that turn the stored row at `rowid` (`old`, with its `indexed` values)
    /// into `values`, bringing `indexed` up to date; nil for a row too wide to describe in one mask.
    mutating func edit(
        _ rowid: Int64, from old: RecordMeta, indexed: inout [DatabaseValue], to new: RecordMeta, _ values: RowValues,
        _ db: Database
    ) throws -> (statement: Statement, arguments: [DatabaseValue])? {
        guard values.names.count <= UInt64.bitWidth else { return nil }
        let sources = sources(of: values.names)
        var mask: UInt64 = 0
        var arguments: [DatabaseValue] = []
        arguments.reserveCapacity(values.values.count + 1)
        for (index, source) in sources.enumerated() {
            let value = values.values[index]
            switch source {
            case .unchanged: continue
            case .always: break
            case .ownerID: if old.ownerID == new.ownerID { continue }
            case .createdAt:
                if old.createdAt.millisecondsSince1970 == new.createdAt.millisecondsSince1970 { continue }
            case .deleted: if old.isDeleted == new.isDeleted { continue }
            case .indexed(let position):
                if indexed[position] == value { continue }
                indexed[position] = value
            }
            mask |= 1 << UInt64(index)
            arguments.append(value)
        }
        arguments.append(rowid.databaseValue)
        if let statement = statements[mask] { return (statement, arguments) }
        let statement = try db.cachedStatement(sql: Self.text(table, values.names, mask))
        statements[mask] = statement
        return (statement, arguments)
    }

    private mutating func sources(of names: [String]) -> [Source] {
        if let known = sources, known.names == names { return known.sources }
        let found = names.map { name -> Source in
            switch name {
            case "id": .unchanged
            case "owner_id": .ownerID
            case "created_ms": .createdAt
            case "deleted": .deleted
            default: indexedColumns.firstIndex(of: name).map(Source.indexed) ?? .always
            }
        }
        sources = (names, found)
        return found
    }

    private static func text(_ table: String, _ names: [String], _ mask: UInt64) -> String {
        let set = names.indices.filter { mask & (1 << UInt64($0)) != 0 }.map { "\(names[$0]) = ?" }
        return "UPDATE \(table) SET \(set.joined(separator: ", ")) WHERE rowid = ?"
    }
}
