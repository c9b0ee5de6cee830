import Foundation
import PostgresNIO
import TallyCore
import TallyStorage

/// Reading records: kept whole as JSON, found by owner, kind and the columns each kind declares.
extension PostgresStore: RecordReader {
    public func records<Record: SyncedRecord>(
        _ type: Record.Type, owner: UUID, _ query: RecordQuery
    ) async throws
        -> [Record]
    {
        let low = query.searchKeys?.lowerBound
        let high = query.searchKeys?.upperBound
        return try await rows(
            """
            SELECT kind, body FROM records
            WHERE owner_id = \(owner) AND kind = \(Record.kind.id)
                AND (\(query.includingDeleted) OR NOT deleted)
                AND (\(query.id)::uuid IS NULL OR id = \(query.id))
                AND (\(query.naturalKey)::text IS NULL OR natural_key = \(query.naturalKey))
                AND (\(low)::bigint IS NULL OR search_key >= \(low))
                AND (\(high)::bigint IS NULL OR search_key <= \(high))
            \(unescaped: query.latest.map { "ORDER BY search_key DESC, id DESC LIMIT \($0)" } ?? "")
            """
        ).map { try Self.record(from: $0) }.compactMap { $0.as(Record.self) }
    }

    public func searchKeyRange<Record: SyncedRecord>(
        _ type: Record.Type, owner: UUID
    ) async throws
        -> ClosedRange<Int64>?
    {
        let rows = try await rows(
            """
            SELECT min(search_key), max(search_key) FROM records WHERE owner_id = \(owner) AND kind = \(Record.kind.id)
            """)
        guard let row = rows.first else { return nil }
        let (least, greatest) = try row.decode((Int64?, Int64?).self)
        guard let least, let greatest else { return nil }
        return least...greatest
    }

    public func owners(withSetting key: SettingKey, value: String) async throws -> [UUID] {
        try await rows(
            """
            SELECT kind, body FROM records
            WHERE kind = \(SettingRecord.kind.id) AND natural_key = \(key.rawValue) AND NOT deleted
            """
        ).map { try Self.record(from: $0) }.compactMap { $0.as(SettingRecord.self) }
            .filter { $0.value == value }.map(\.meta.ownerID)
    }

    public func changes(owner: UUID, after sequence: Int64, limit: Int) async throws -> ChangePage {
        try await withTransaction { [logger] connection in
            _ = try await connection.rows(Self.inSequenceOrder, logger: logger)
            var records: [(Int64, AnyRecord)] = []
            var markers: [(Int64, UUID)] = []
            let changed = Self.changedRecords(of: owner, after: sequence, limit: limit)
            for row in try await connection.rows(changed, logger: logger) {
                let (kind, body, at) = try row.decode((String, String, Int64).self)
                records.append((at, try RecordCoding.decode(kind: kind, from: Data(body.utf8))))
            }
            for row in try await connection.rows(
                """
                SELECT id, sequence FROM compaction_markers WHERE owner_id = \(owner) AND sequence > \(sequence)
                ORDER BY sequence LIMIT \(limit + 1)
                """, logger: logger)
            {
                let (id, at) = try row.decode((UUID, Int64).self)
                markers.append((at, id))
            }
            return ChangePage(after: sequence, limit: limit, records: records, markers: markers)
        }
    }

    /// The records of `owner` changed after `sequence`, the first `limit + 1` in order.
    static func changedRecords(of owner: UUID, after sequence: Int64, limit: Int) -> PostgresQuery {
        """
        SELECT kind, body, sequence FROM records WHERE owner_id = \(owner) AND sequence > \(sequence)
        ORDER BY sequence LIMIT \(limit + 1)
        """
    }

    /// For the rest of the transaction, the feed's reads walk the `(owner_id, sequence)` indexes in order and
    /// stop at the page's end. Where the planner underrates an owner's rows (a table just filled, before
    /// any statistics; an owner outside the most common values) it chose a bitmap scan and a sort of every
    /// change after the cursor instead: each page of a first sync read the whole rest of the history.
    static let inSequenceOrder: PostgresQuery =
        "SELECT set_config('enable_bitmapscan', 'off', true), set_config('enable_sort', 'off', true)"

    public func digests(owner: UUID) async throws -> [SyncDigest] {
        var digests = DigestAccumulator()
        for row in try await rows(
            "SELECT kind, \(unescaped: RecordMeta.columns) FROM records WHERE owner_id = \(owner)")
        {
            let (kind, meta) = try RecordMeta.decode(row)
            digests.add(
                kind: kind, createdMillis: meta.createdAt.millisecondsSince1970, id: meta.id, stamp: meta.stamp,
                deviceID: meta.deviceID, isDeleted: meta.isDeleted)
        }
        return digests.result
    }

    public func records(owner: UUID, in buckets: [DigestBucket]) async throws -> [AnyRecord] {
        try await withConnection { [logger] connection in
            var records: [AnyRecord] = []
            for bucket in buckets {
                guard RecordKinds.type(withID: bucket.kind) != nil else {
                    throw TallyError.invalid(field: "kind", reason: "'\(bucket.kind)' is not a kind of record")
                }
                let range = bucket.millisRange
                records += try await connection.rows(
                    """
                    SELECT kind, body FROM records WHERE owner_id = \(owner) AND kind = \(bucket.kind)
                        AND created_ms >= \(range.lowerBound) AND created_ms < \(range.upperBound)
                    """, logger: logger
                ).map { try Self.record(from: $0) }
            }
            return records
        }
    }

    /// The record of a row selected as `kind, body, ...`.
    static func record(from row: PostgresRow) throws -> AnyRecord {
        let (kind, body) = try row.decode((String, String).self)
        return try RecordCoding.decode(kind: kind, from: Data(body.utf8))
    }
}
