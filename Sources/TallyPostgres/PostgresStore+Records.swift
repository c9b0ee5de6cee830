import Foundation
import PostgresNIO
import TallyCore
import TallyStorage

/// Writing records: ``SyncEngine`` plans, this store reads what the plan needs and applies it, in one
/// transaction holding the owner's clock.
extension PostgresStore: RecordStore {
    public func write(_ records: [AnyRecord], now: Date) async throws -> [AnyRecord] {
        guard let owner = try SyncEngine.owner(of: records) else { return [] }
        return try await withTransaction { [deviceID, logger] connection in
            let clock = try await Self.lockClock(of: owner, connection, logger: logger)
            let plan = SyncEngine.write(records, deviceID: deviceID, clock: clock, now: now)
            try await Self.apply(plan, owner: owner, connection, logger: logger)
            return plan.writes.map(\.record)
        }
    }

    public func merge(_ records: [AnyRecord], now: Date) async throws -> MergeResult {
        guard let owner = try SyncEngine.owner(of: records) else { return MergeResult() }
        return try await withTransaction { [logger] connection in
            let clock = try await Self.lockClock(of: owner, connection, logger: logger)
            let stored = try await Self.headers(for: records, of: owner, connection, logger: logger)
            let plan = try SyncEngine.merge(records, stored: stored, clock: clock, now: now)
            try await Self.apply(plan, owner: owner, connection, logger: logger)
            return plan.result
        }
    }

    public func previewMerge(_ records: [AnyRecord], now: Date) async throws -> MergeResult {
        guard let owner = try SyncEngine.owner(of: records) else { return MergeResult() }
        return try await withConnection { [logger] connection in
            let stored = try await Self.headers(for: records, of: owner, connection, logger: logger)
            let clock = try await Self.readClock(of: owner, connection, logger: logger)
            return try SyncEngine.merge(records, stored: stored, clock: clock, now: now).result
        }
    }

    /// Writes every planned record: a natural key's other copies go, then the row is inserted or replaces
    /// the stored one of the same owner, kind and id. The rows go in batches of up to ``rowsPerStatement``
    /// a statement, and the last batch, the day totals, the owner's clock and the change notice are one
    /// statement, so a single write costs the lock, one read and one statement (and the removal of other
    /// copies, for a record with a natural key: the row's unique key would still see them within one
    /// statement).
    static func apply(_ plan: WritePlan, owner: UUID, _ connection: PostgresConnection, logger: Logger) async throws {
        let totals = try await dayTotalChanges(of: plan, owner: owner, connection, logger: logger)
        let batches = rowBatches(plan.writes)
        var parts: [SQLPart] = []
        for (index, batch) in batches.enumerated() {
            for removal in batch.compactMap(otherCopiesRemoved) {
                try await connection.execute(try removal.query(), logger: logger)
            }
            if index < batches.count - 1 {
                try await connection.execute(try rows(of: batch).query(), logger: logger)
            } else {
                parts.append(try rows(of: batch))
            }
        }
        if !totals.isEmpty { parts.append(totalsAdded(totals, owner: owner)) }
        parts.append(clockSaved(plan.clock, of: owner))
        // Delivered when the transaction commits, to every process listening (open pages' live updates).
        let main: SQLPart = plan.writes.isEmpty ? "SELECT 1" : "SELECT pg_notify(\(changeChannel), \(owner.text))"
        try await connection.execute(try SQLPart.statement(with: parts, then: main), logger: logger)
        try await removeEmptyDays(totals, owner: owner, connection, logger: logger)
    }

    /// Rows a statement: 12 values each, far under PostgreSQL's 65,535 a statement.
    static let rowsPerStatement = 500

    /// `writes` cut, in order, into batches that one `INSERT` can take: a record twice in one statement
    /// would be refused ("cannot affect row a second time"), so its second write starts a new batch; and a
    /// record with a natural key is a batch of its own, after the removal of its other copies.
    static func rowBatches(_ writes: [WritePlan.Write]) -> [ArraySlice<WritePlan.Write>] {
        var batches: [ArraySlice<WritePlan.Write>] = []
        var start = writes.startIndex
        var refs: Set<RecordRef> = []
        for (index, write) in writes.enumerated() {
            let ref = RecordRef(kind: write.record.kind, id: write.record.meta.id)
            let alone = write.record.naturalKey != nil
            if index > start && (alone || refs.contains(ref) || index - start == rowsPerStatement) {
                batches.append(writes[start..<index])
                (start, refs) = (index, [])
            }
            refs.insert(ref)
            if alone {
                batches.append(writes[index...index])
                (start, refs) = (index + 1, [])
            }
        }
        if start < writes.endIndex { batches.append(writes[start...]) }
        return batches
    }

    /// The other copies of a write's natural key, removed; nil for a record without one.
    private static func otherCopiesRemoved(_ write: WritePlan.Write) -> SQLPart? {
        let meta = write.record.meta
        guard let key = write.record.naturalKey else { return nil }
        return """
            DELETE FROM records
            WHERE owner_id = \(meta.ownerID) AND kind = \(write.record.kind.id) AND natural_key = \(key)
                AND id <> \(meta.id)
            """
    }

    /// The writes' rows inserted, each replacing the stored one of the same owner, kind and id.
    private static func rows(of writes: ArraySlice<WritePlan.Write>) throws -> SQLPart {
        let values = try writes.map { write -> SQLPart in
            let record = write.record
            let meta = record.meta
            let body = String(decoding: try RecordCoding.encode(record), as: UTF8.self)
            return """
                (\(record.kind.id), \(meta.id), \(meta.ownerID), \(record.naturalKey), \(record.searchKey),
                \(meta.createdAt.millisecondsSince1970), \(meta.modifiedAt.millisecondsSince1970), \(meta.deviceID),
                \(meta.stamp.description), \(meta.isDeleted), \(write.sequence), \(body))
                """
        }
        return """
            INSERT INTO records (kind, id, owner_id, natural_key, search_key, created_ms, modified_ms, device_id,
                stamp, deleted, sequence, body)
            VALUES \(SQLPart(joining: values, separator: ", "))
            ON CONFLICT (owner_id, id, kind) DO UPDATE SET natural_key = excluded.natural_key,
                search_key = excluded.search_key, created_ms = excluded.created_ms,
                modified_ms = excluded.modified_ms, device_id = excluded.device_id, stamp = excluded.stamp,
                deleted = excluded.deleted, sequence = excluded.sequence, body = excluded.body
            """
    }

    /// The headers stored under a batch's ids and natural keys among the records of `owner`, and which of
    /// its ids `owner` compacted.
    static func headers(
        for records: [AnyRecord], of owner: UUID, _ connection: PostgresConnection, logger: Logger
    ) async throws
        -> StoredHeaders
    {
        let request = StoredHeaders.Request(records)
        var headers = StoredHeaders()
        let ids = Array(Set(request.ids.map(\.id)))
        let wanted = Set(request.ids)
        for row in try await connection.rows(
            """
            SELECT kind, \(unescaped: RecordMeta.columns) FROM records
            WHERE owner_id = \(owner) AND id = ANY(\(ids))
            """, logger: logger)
        {
            let (kindID, meta) = try RecordMeta.decode(row)
            guard let kind = RecordKinds.kind(withID: kindID) else { continue }
            let ref = RecordRef(kind: kind, id: meta.id)
            if wanted.contains(ref) { headers.byID[ref] = meta }
        }
        let keys = Set(request.naturalKeys)
        let texts = Array(Set(keys.map(\.key)))
        if !texts.isEmpty {
            for row in try await connection.rows(
                """
                SELECT kind, \(unescaped: RecordMeta.columns), natural_key FROM records
                WHERE owner_id = \(owner) AND natural_key = ANY(\(texts))
                """, logger: logger)
            {
                let (kindID, meta) = try RecordMeta.decode(row)
                let (_, _, _, _, _, _, _, _, text) = try row.decode(
                    (String, UUID, UUID, Int64, Int64, UUID, String, Bool, String).self)
                guard let kind = RecordKinds.kind(withID: kindID) else { continue }
                let key = NaturalKeyRef(kind: kind, owner: owner, key: text)
                if keys.contains(key) { headers.byNaturalKey[key] = meta }
            }
        }
        for row in try await connection.rows(
            "SELECT id FROM compaction_markers WHERE owner_id = \(owner) AND id = ANY(\(ids))", logger: logger)
        {
            headers.compacted.insert(try row.decode(UUID.self))
        }
        return headers
    }
}

extension RecordMeta {
    /// The header columns, after the kind, in the order ``decode(_:)`` reads them.
    static let columns = "id, owner_id, created_ms, modified_ms, device_id, stamp, deleted"

    /// The kind and header of a row selected as `kind, <columns>`.
    static func decode(_ row: PostgresRow) throws -> (kind: String, meta: RecordMeta) {
        let (kind, id, owner, created, modified, device, stampText, deleted) = try row.decode(
            (String, UUID, UUID, Int64, Int64, UUID, String, Bool).self)
        guard let stamp = HLCStamp(stampText) else { throw StoreFault.corrupt("records.stamp") }
        return (
            kind,
            RecordMeta(
                id: id, ownerID: owner, createdAt: Date(millisecondsSince1970: created),
                modifiedAt: Date(millisecondsSince1970: modified), deviceID: device, stamp: stamp, isDeleted: deleted)
        )
    }
}
