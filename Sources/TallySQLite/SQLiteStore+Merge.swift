import Foundation
import GRDB
import TallyCore
import TallyStorage

extension SQLiteStore {
    public func merge(_ records: [AnyRecord], now: Date) async throws -> MergeResult {
        try await pool.write { db in try Self.merge(records, now: now, db) }
    }

    /// Merges inside the caller's transaction: an error rolls back every record of the batch.
    static func merge(_ records: [AnyRecord], now: Date, _ db: Database) throws -> MergeResult {
        // Checked before anything is written, so a far-future stamp refuses the batch as a whole.
        for record in records { try HLCStamp.checkLead(record.meta.stamp, now: now) }
        var clock = try ReplicaClock(db)
        var result = MergeResult()
        var stored = try StoredRows(for: records, db)
        for record in records {
            try clock.receive(record.meta.stamp, now: now)
            let existing =
                record.hasNaturalKey ? try storedMeta(of: record, db) : stored.header(of: record.meta.id)
            if let existing {
                guard existing.ownerID == record.meta.ownerID else { throw belongsToSomeoneElse(record) }
                guard MergeOrder.replaces(record, over: existing) else {
                    result.unchanged += 1
                    continue
                }
            } else {
                // A compacted tombstone's id stays deleted: whatever copy still travels loses to the delete.
                if stored.isCompacted(record.meta.id) {
                    result.unchanged += 1
                    continue
                }
            }
            // A record found by its natural key (a day, a setting's name) may reuse an id someone else has.
            if record.hasNaturalKey, existing?.id != record.meta.id, let owner = try ownerOfID(record, db),
                owner != record.meta.ownerID
            {
                throw belongsToSomeoneElse(record)
            }
            let table = RecordTable.of(record).name
            let row = row(of: record, sequence: clock.nextSequence())
            if try !stored.update(record, to: row, in: table, db) {
                try stored.upsert(record, row, in: table, db)
            }
            if existing == nil { result.inserted += 1 } else { result.updated += 1 }
        }
        try clock.save(db)
        return result
    }

    static func isCompacted(_ id: UUID, _ db: Database) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT 1 FROM compaction_markers WHERE id = ?"), arguments: [id])
            ?? false
    }

    private static func ownerOfID(_ record: AnyRecord, _ db: Database) throws -> UUID? {
        let table = RecordTable.of(record).name
        return try UUID.fetchOne(
            db.cachedStatement(sql: "SELECT owner_id FROM \(table) WHERE id = ?"), arguments: [record.meta.id])
    }

    private static func belongsToSomeoneElse(_ record: AnyRecord) -> TallyError {
        .invalid(field: "id", reason: "\(record.kind) \(record.meta.id) belongs to someone else")
    }
}

extension AnyRecord {
    /// Whether storage finds this kind by something other than its id (a setting's key, a day).
    var hasNaturalKey: Bool {
        switch self {
        case .setting, .waterGoal, .skillCompletion, .routineCompletion, .journalEntry: true
        default: false
        }
    }
}
