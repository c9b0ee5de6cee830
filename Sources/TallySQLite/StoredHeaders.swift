import Foundation
import GRDB
import TallyCore

/// The stored headers of a batch's records that are found by id, and which of the batch's ids are
/// compacted, read in a few queries for the whole batch instead of one or two per record.
struct StoredHeaders {
    private var headers: [UUID: RecordMeta] = [:]
    private var compacted: Set<UUID> = []
    private static let chunk = 500

    init(for records: [AnyRecord], _ db: Database) throws {
        var byTable: [String: [String]] = [:]
        for record in records where !record.hasNaturalKey {
            byTable[RecordTable.of(record).name, default: []].append(record.meta.id.text)
        }
        for (table, ids) in byTable {
            try Self.inChunks(ids) { placeholders, arguments in
                let rows = try Row.fetchCursor(
                    db,
                    sql: "SELECT id, owner_id, created_ms, modified_ms, device_id, stamp, deleted FROM \(table) "
                        + "WHERE id IN (\(placeholders))", arguments: arguments)
                while let row = try rows.next() {
                    let meta = try RecordMeta(headerRow: row)
                    headers[meta.id] = meta
                }
            }
        }
        // Only a record not stored by id can be a compacted one, and only where something was compacted.
        guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM compaction_markers)") == true else { return }
        let unknown = records.filter { $0.hasNaturalKey || headers[$0.meta.id] == nil }
        try Self.inChunks(unknown.map(\.meta.id.text)) { placeholders, arguments in
            for text in try String.fetchAll(
                db, sql: "SELECT id FROM compaction_markers WHERE id IN (\(placeholders))", arguments: arguments)
            {
                if let id = UUID(text: text) { compacted.insert(id) }
            }
        }
    }

    /// The stored header of a record found by id; nil for a new one.
    func header(of id: UUID) -> RecordMeta? { headers[id] }

    func isCompacted(_ id: UUID) -> Bool { compacted.contains(id) }

    /// Keeps up with the batch: a record can come twice in one batch.
    mutating func stored(_ record: AnyRecord) {
        if !record.hasNaturalKey { headers[record.meta.id] = record.meta }
    }

    private static func inChunks(_ ids: [String], _ body: (String, StatementArguments) throws -> Void) rethrows {
        for start in stride(from: 0, to: ids.count, by: chunk) {
            let part = ids[start..<min(start + chunk, ids.count)]
            try body(
                Array(repeating: "?", count: part.count).joined(separator: ","),
                StatementArguments(part.map { $0 as (any DatabaseValueConvertible)? }))
        }
    }
}
