import Foundation
import PostgresNIO
import TallyCore
import TallyStorage

/// Writing records: ``SyncEngine`` plans, this store reads what the plan needs and applies it, in one
/// transaction holding the owner's clock.
extension PostgresStore: RecordStore {
    /// A write of one owner, in the owner's turn among this process's writes (``OwnerTurns``): in one
    /// statement when this process knows the owner's clock as it stands (``quickWrite(_:owner:now:)``), else
    /// in a transaction holding the clock.
    public func write(_ records: [AnyRecord], now: Date) async throws -> [AnyRecord] {
        guard let owner = try SyncEngine.owner(of: records) else { return [] }
        return try await turns.run(owner) {
            if let written = try await quickWrite(records, owner: owner, now: now) { return written }
            let (written, state) = try await withTransaction { [deviceID, logger] connection in
                let clock = try await Self.lockClock(of: owner, connection, logger: logger)
                let plan = SyncEngine.write(records, deviceID: deviceID, clock: clock, now: now)
                let state = try await Self.apply(plan, owner: owner, connection, logger: logger)
                return (plan.writes.map(\.record), state)
            }
            writeStates.put(state, for: owner)
            return written
        }
    }

    public func merge(_ records: [AnyRecord], now: Date) async throws -> MergeResult {
        guard let owner = try SyncEngine.owner(of: records) else { return MergeResult() }
        let (result, state) = try await withTransaction { [logger] connection in
            let clock = try await Self.lockClock(of: owner, connection, logger: logger)
            let stored = try await Self.headers(for: records, of: owner, connection, logger: logger)
            let plan = try SyncEngine.merge(records, stored: stored, clock: clock, now: now)
            return (plan.result, try await Self.apply(plan, owner: owner, connection, logger: logger))
        }
        writeStates.put(state, for: owner)
        return result
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
    /// statement). Answers what the owner's next write may start from (``OwnerWriteState``), once committed.
    static func apply(
        _ plan: WritePlan, owner: UUID, _ connection: PostgresConnection, logger: Logger
    ) async throws -> OwnerWriteState {
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
        // The clock row's new version and the totals' day start, for the owner's next write; and the change
        // notice, delivered when the transaction commits to every process listening (open pages' live updates).
        let state: SQLPart = """
            SELECT (SELECT version FROM part\(unescaped: String(parts.count - 1))),
                COALESCE((SELECT day_start FROM day_total_basis WHERE owner_id = \(owner)), -1)
            """
        let main: SQLPart = plan.writes.isEmpty ? state : "\(state), pg_notify(\(changeChannel), \(owner.text))"
        let row = try await connection.rows(try SQLPart.statement(with: parts, then: main), logger: logger).first
        guard let row else { throw StoreFault.corrupt("owner_clocks") }
        let (version, basis) = try row.decode((String, Int64).self)
        try await removeEmptyDays(totals, owner: owner, connection, logger: logger)
        return OwnerWriteState(version: version, clock: plan.clock, basis: basis)
    }

    /// Rows a statement. Their values travel as arrays (``rows(of:)``), so PostgreSQL's limit of 65,535
    /// values a statement does not bound it; a larger batch saves round trips and a smaller one memory.
    public static let rowsPerStatement = 5_000

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

    /// The writes' rows inserted, each replacing the stored one of the same owner, kind and id. The rows
    /// travel as one array a column (``RowColumns``): a statement of the same text and 14 values whatever
    /// the batch's size, which PostgreSQL parses and plans in a fraction of the time a `VALUES` list of
    /// thousands of values takes.
    private static func rows(of writes: ArraySlice<WritePlan.Write>) throws -> SQLPart {
        var columns = RowColumns(capacity: writes.count)
        for write in writes { try columns.append(write) }
        return columns.part
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
