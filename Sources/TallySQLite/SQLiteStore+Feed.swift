import Foundation
import GRDB
import TallyCore
import TallyStorage

extension SQLiteStore {
    public func changes(owner: UUID, after sequence: Int64, limit: Int) async throws -> ChangePage {
        try await pool.read { db in
            let arguments: StatementArguments = [owner, sequence, limit + 1]
            var records: [(Int64, AnyRecord)] = []
            var markers: [(Int64, UUID)] = []
            for table in RecordTable.all {
                // Rows read in place (a cursor's), not copied: columns are decoded straight from SQLite.
                let rows = try Row.fetchCursor(
                    db.cachedStatement(
                        sql: "SELECT \(table.columns) FROM \(table.name) WHERE owner_id = ? AND sequence > ? "
                            + "ORDER BY sequence LIMIT ?"),
                    arguments: arguments)
                while let row = try rows.next() {
                    records.append((row["sequence"], try table.decode(row)))
                }
            }
            for row in try Row.fetchAll(
                db.cachedStatement(
                    sql: "SELECT id, sequence FROM compaction_markers WHERE owner_id = ? AND sequence > ? "
                        + "ORDER BY sequence LIMIT ?"),
                arguments: arguments)
            {
                guard let id = UUID.fromDatabaseValue(row["id"]) else { throw StoreFault.corrupt("compaction marker") }
                markers.append((row["sequence"], id))
            }
            return ChangePage(after: sequence, limit: limit, records: records, markers: markers)
        }
    }

    public func digests(owner: UUID) async throws -> [SyncDigest] {
        try await pool.read { db in
            var digests = DigestAccumulator()
            for table in RecordTable.all {
                let rows = try Row.fetchCursor(
                    db.cachedStatement(
                        sql: "SELECT id, stamp, device_id, deleted, created_ms FROM \(table.name) WHERE owner_id = ?"),
                    arguments: [owner])
                while let row = try rows.next() {
                    guard let id = row.id(at: 0), let device = row.id(at: 2), let stamp = HLCStamp(row[1] as String)
                    else { throw StoreFault.corrupt("record header") }
                    digests.add(
                        kind: table.kind.id, createdMillis: row[4], id: id, stamp: stamp, deviceID: device,
                        isDeleted: row[3])
                }
            }
            return digests.result
        }
    }

    public func records(owner: UUID, in buckets: [DigestBucket]) async throws -> [AnyRecord] {
        try await pool.read { db in
            var records: [AnyRecord] = []
            for bucket in buckets {
                guard let table = RecordTable.of(kind: bucket.kind) else {
                    throw TallyError.invalid(field: "kind", reason: "'\(bucket.kind)' is not a kind of record")
                }
                let range = bucket.millisRange
                let rows = try Row.fetchCursor(
                    db.cachedStatement(
                        sql: "SELECT \(table.columns) FROM \(table.name) "
                            + "WHERE owner_id = ? AND created_ms >= ? AND created_ms < ?"),
                    arguments: [owner, range.lowerBound, range.upperBound])
                while let row = try rows.next() { records.append(try table.decode(row)) }
            }
            return records
        }
    }
}
