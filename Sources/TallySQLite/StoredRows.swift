import Foundation
import GRDB
import TallyCore

/// The stored rows of a batch's records that are found by id, and which of the batch's ids are compacted,
/// read in a few queries for the whole batch instead of one or two per record.
///
/// An edit of a row read here is written as `UPDATE ... SET <the columns that changed> WHERE rowid = ?`.
/// SQLite rewrites an index entry only when the statement sets one of that index's columns, so an edit of an
/// amount leaves the indexes on time and creation alone, where an upsert of every column rewrote them all:
/// a merge of scattered edits does less work and dirties fewer pages.
struct StoredRows {
    private struct Stored {
        var meta: RecordMeta
        /// Where the row is and the values of its indexed columns, for an edit of it; nil for a row this
        /// batch inserted.
        var place: (rowid: Int64, indexed: [DatabaseValue])?
    }

    private var stored: [UUID: Stored] = [:]
    private var compacted: Set<UUID> = []
    private var layouts: [String: EditLayout] = [:]
    private static let chunk = 500

    init(for records: [AnyRecord], _ db: Database) throws {
        stored.reserveCapacity(records.count)
        var byTable: [String: [UUID]] = [:]
        for record in records where !record.hasNaturalKey {
            byTable[RecordTable.of(record).name, default: []].append(record.meta.id)
        }
        for (table, ids) in byTable {
            let layout = try EditLayout(table: table, db)
            layouts[table] = layout
            let indexedRange = EditLayout.header.count..<(EditLayout.header.count + layout.indexedColumns.count)
            try Self.inChunks(ids) { placeholders, arguments in
                // Every chunk but the last has the same text: prepared once, kept by the connection.
                let rows = try Row.fetchCursor(
                    db.cachedStatement(sql: "SELECT \(layout.selection) FROM \(table) WHERE id IN (\(placeholders))"),
                    arguments: arguments)
                while let row = try rows.next() {
                    let meta = try RecordMeta(headerRow: row)
                    let indexed = indexedRange.map { row[$0] as DatabaseValue }
                    guard let rowid = row[indexedRange.upperBound] as Int64? else { throw StoreFault.corrupt("rowid") }
                    stored[meta.id] = Stored(meta: meta, place: (rowid, indexed))
                }
            }
        }
        // Only a record not stored by id can be a compacted one, and only where something was compacted.
        guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM compaction_markers)") == true else { return }
        let unknown = records.filter { $0.hasNaturalKey || stored[$0.meta.id] == nil }
        try Self.inChunks(unknown.map(\.meta.id)) { placeholders, arguments in
            compacted.formUnion(
                try UUID.fetchAll(
                    db, sql: "SELECT id FROM compaction_markers WHERE id IN (\(placeholders))", arguments: arguments))
        }
    }

    /// The stored header of a record found by id; nil for a new one.
    func header(of id: UUID) -> RecordMeta? { stored[id]?.meta }

    func isCompacted(_ id: UUID) -> Bool { compacted.contains(id) }

    /// Writes `values` (the whole row of `record`) over the stored row read for it, as an update of what
    /// changed (see ``EditLayout``); false, writing nothing, when no stored row was read for it (a new
    /// record, or one this batch inserted).
    mutating func update(_ record: AnyRecord, to values: RowValues, in table: String, _ db: Database) throws -> Bool {
        let id = record.meta.id
        guard var entry = stored[id], var place = entry.place,
            let edit = try layouts[table]?.edit(
                place.rowid, from: entry.meta, indexed: &place.indexed, to: record.meta, values, db)
        else { return false }
        try edit.statement.run(binding: edit.arguments, in: db)
        entry.meta = record.meta
        entry.place = place
        stored[id] = entry
        return true
    }

    /// Writes `values` (the whole row of `record`) as an upsert, replacing any copy of a kind found by a
    /// natural key; for a record whose stored row was not read.
    mutating func upsert(_ record: AnyRecord, _ values: RowValues, in table: String, _ db: Database) throws {
        try SQLiteStore.removeOtherCopies(of: record, db)
        try SQLiteStore.upsert(into: table, values, db)
        // A record can come twice in one batch.
        if !record.hasNaturalKey { stored[record.meta.id] = Stored(meta: record.meta, place: nil) }
    }

    private static func inChunks(_ ids: [UUID], _ body: (String, StatementArguments) throws -> Void) rethrows {
        for start in stride(from: 0, to: ids.count, by: chunk) {
            let part = ids[start..<min(start + chunk, ids.count)]
            try body(
                Array(repeating: "?", count: part.count).joined(separator: ","),
                StatementArguments(part.map { $0 as (any DatabaseValueConvertible)? }))
        }
    }
}
