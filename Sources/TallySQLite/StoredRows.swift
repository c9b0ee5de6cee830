import Foundation
import GRDB
import TallyCore
import TallyStorage

/// The stored headers of a batch's records among its one owner's, by id and by natural key, and which of
/// the batch's ids the owner compacted, read in a few queries for the whole batch instead of one or two
/// per record.
///
/// An edit of a row read here is written as `UPDATE ... SET <the columns that changed> WHERE rowid = ?`.
/// SQLite rewrites an index entry only when the statement sets one of that index's columns, so an edit of an
/// amount leaves the indexes on time and creation alone, where an upsert of every column rewrote them all:
/// a merge of scattered edits does less work and dirties fewer pages.
///
/// For the kinds asked for, whole rows are read and kept decoded (``copies``): a merge that keeps the
/// owner's day totals takes the stored copies away from them without reading those rows a second time.
struct StoredRows {
    /// Where a row is and the values of its indexed columns, for an edit of it.
    private struct Place {
        var rowid: Int64
        var indexed: [DatabaseValue]
        var meta: RecordMeta
    }

    /// What the batch's records find stored, for ``SyncEngine``.
    private var headers = StoredHeaders()
    /// The stored records of the kinds whose whole rows were asked for, as they were before the batch.
    private(set) var copies: [RecordRef: AnyRecord] = [:]
    /// Rows of kinds found by id alone, as read; a row this batch inserted has none.
    private var places: [RecordRef: Place] = [:]
    private var layouts: [String: EditLayout] = [:]
    private static let chunk = 500

    /// Reads what `records` find stored among `owner`'s, with the whole rows of the kinds in `copying`
    /// (kinds whose ``RecordTable/columns`` name their columns, header first).
    init(for records: [AnyRecord], of owner: UUID, copying: [RecordKind] = [], _ db: Database) throws {
        places.reserveCapacity(records.count)
        // The engine notes every record it plans here too.
        headers.byID.reserveCapacity(records.count)
        var byKind: [RecordKind: [UUID]] = [:]
        for record in records { byKind[record.kind, default: []].append(record.meta.id) }
        for table in RecordTable.all {
            guard let ids = byKind[table.kind] else { continue }
            let layout = try EditLayout(table: table.name, db)
            layouts[table.name] = layout
            let copied = copying.contains { $0 === table.kind }
            precondition(
                !copied || table.columns.hasPrefix(RecordMeta.headerColumns), "\(table.name) names no header first")
            let selection = copied ? layout.selection(leading: table.columns) : layout.selection()
            try Self.inChunks(ids, of: owner) { placeholders, arguments in
                // Every chunk but the last has the same text: prepared once, kept by the connection.
                let rows = try Row.fetchCursor(
                    db.cachedStatement(
                        sql: "SELECT \(selection) FROM \(table.name) WHERE owner_id = ? AND id IN (\(placeholders))"),
                    arguments: arguments)
                while let row = try rows.next() {
                    let copy = copied ? try table.decode(row) : nil
                    let meta = try copy?.meta ?? RecordMeta(headerRow: row)
                    let ref = RecordRef(kind: table.kind, id: meta.id)
                    headers.byID[ref] = meta
                    if let copy { copies[ref] = copy }
                    guard !table.kind.hasNaturalKey else { continue }
                    // The indexed columns and the rowid end the row, whatever leads it.
                    let rowidIndex = row.count - 1
                    let indexedRange = (rowidIndex - layout.indexedColumns.count)..<rowidIndex
                    let indexed = indexedRange.map { row[$0] as DatabaseValue }
                    guard let rowid = row[rowidIndex] as Int64? else { throw StoreFault.corrupt("rowid") }
                    places[ref] = Place(rowid: rowid, indexed: indexed, meta: meta)
                }
            }
        }
        for record in records {
            guard let key = NaturalKeyRef(record), headers.byNaturalKey[key] == nil else { continue }
            let table = RecordTable.of(record)
            let values = table.naturalKeyValues(of: table.encode(record, 0))
            if let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: "SELECT * FROM \(table.name) WHERE owner_id = ? AND \(table.naturalKeyCondition)"),
                arguments: StatementArguments([owner.databaseValue] + values))
            {
                headers.byNaturalKey[key] = try RecordMeta(row: row)
            }
        }
        // Only a record not stored by id can be a compacted one, and only where something was compacted.
        guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM compaction_markers)") == true else { return }
        let unknown = records.filter { $0.kind.hasNaturalKey || headers.byID[RecordRef($0)] == nil }
        try Self.inChunks(unknown.map(\.meta.id), of: owner) { placeholders, arguments in
            headers.compacted.formUnion(
                try UUID.fetchAll(
                    db, sql: "SELECT id FROM compaction_markers WHERE owner_id = ? AND id IN (\(placeholders))",
                    arguments: arguments))
        }
    }

    /// Writes `values` (the whole row of `record`) over the stored row read for it, as an update of what
    /// changed (see ``EditLayout``); false, writing nothing, when no stored row was read for it (a new
    /// record, or one this batch inserted).
    mutating func update(_ record: AnyRecord, to values: RowValues, in table: String, _ db: Database) throws -> Bool {
        let ref = RecordRef(record)
        guard var place = places[ref],
            let edit = try layouts[table]?.edit(
                place.rowid, from: place.meta, indexed: &place.indexed, to: record.meta, values, db)
        else { return false }
        try edit.statement.run(binding: edit.arguments, in: db)
        place.meta = record.meta
        places[ref] = place
        return true
    }

    /// The positions of `writes` in the order to write them: first the edits of rows read here, by table
    /// and then rowid, so SQLite visits each table's pages in the order they are stored instead of at random
    /// (a tenth less time for edits scattered over a long history); then every other write in its order.
    /// A record's copies keep their order: either all of them are edits of the row read for it, or none is.
    func writingOrder(of writes: [WritePlan.Write]) -> [Int] {
        var edits: [(table: ObjectIdentifier, rowid: Int64, index: Int)] = []
        var others: [Int] = []
        edits.reserveCapacity(places.count)
        others.reserveCapacity(writes.count - min(places.count, writes.count))
        for (index, write) in writes.enumerated() {
            if let place = places[RecordRef(write.record)] {
                edits.append((ObjectIdentifier(write.record.kind), place.rowid, index))
            } else {
                others.append(index)
            }
        }
        edits.sort { ($0.table, $0.rowid, $0.index) < ($1.table, $1.rowid, $1.index) }
        return edits.map(\.index) + others
    }

    /// Hands the headers read over to ``SyncEngine``, which adds to them as it plans: still held here, they
    /// would be copied whole at its first change.
    mutating func takeHeaders() -> StoredHeaders {
        defer { headers = StoredHeaders() }
        return headers
    }

    /// Forgets the place of a row just written whole, so a later copy in the batch is upserted too.
    mutating func forget(_ record: AnyRecord) { places[RecordRef(record)] = nil }

    /// Calls `body` with the placeholders of each chunk of `ids` and its arguments: `owner`, then the ids.
    static func inChunks(
        _ ids: [UUID], of owner: UUID, _ body: (String, StatementArguments) throws -> Void
    ) rethrows {
        for start in stride(from: 0, to: ids.count, by: chunk) {
            let part = ids[start..<min(start + chunk, ids.count)]
            try body(
                Array(repeating: "?", count: part.count).joined(separator: ","),
                StatementArguments(
                    [owner as (any DatabaseValueConvertible)?] + part.map { $0 as (any DatabaseValueConvertible)? }))
        }
    }
}
