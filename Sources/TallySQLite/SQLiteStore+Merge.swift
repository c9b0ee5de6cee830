import Foundation
import GRDB
import TallyCore
import TallyStorage

extension SQLiteStore {
    public func merge(_ records: [AnyRecord], now: Date) async throws -> MergeResult {
        try await pool.write { db in try Self.merge(records, now: now, db) }
    }

    public func previewMerge(_ records: [AnyRecord], now: Date) async throws -> MergeResult {
        try await pool.read { db in
            guard let owner = try SyncEngine.owner(of: records) else { return MergeResult() }
            var stored = try StoredRows(for: records, of: owner, db)
            return try SyncEngine.merge(records, stored: stored.takeHeaders(), clock: try ReplicaClock(db), now: now)
                .result
        }
    }

    /// Merges inside the caller's transaction, as ``SyncEngine`` plans: an error rolls back every record
    /// of the batch.
    static func merge(_ records: [AnyRecord], now: Date, _ db: Database) throws -> MergeResult {
        guard let owner = try SyncEngine.owner(of: records) else { return MergeResult() }
        var totals = try DayTotalChanges(owner: owner, db)
        var stored = try StoredRows(
            for: records, of: owner, copying: totals.isKept ? DayTotalChanges.countedKinds : [], db)
        let plan = try SyncEngine.merge(records, stored: stored.takeHeaders(), clock: try ReplicaClock(db), now: now)
        totals.count(plan.writes, stored: stored.copies)
        // A batch is mostly of one kind: its table and upsert are looked up again only when the kind changes.
        var table = RecordTable.all[0]
        var upsert: (table: String, statement: Statement)?
        for index in stored.writingOrder(of: plan.writes) {
            let write = plan.writes[index]
            if table.kind !== write.record.kind { table = RecordTable.of(write.record) }
            let row = table.encode(write.record, write.sequence)
            if try !stored.update(write.record, to: row, in: table.name, db) {
                try removeOtherCopies(of: write.record, row: row, in: table, db)
                if upsert?.table != table.name {
                    upsert = (table.name, try upsertStatement(into: table.name, row.names, db))
                }
                try upsert?.statement.run(binding: row.values, in: db)
                stored.forget(write.record)
            }
        }
        try totals.save(db)
        try plan.clock.save(db)
        return plan.result
    }

    /// Writes a compaction plan: drops its records (tombstones, or what another replica compacted) and
    /// keeps their ids as markers.
    static func apply(_ plan: CompactionPlan, _ db: Database) throws {
        let totals = try DayTotalChanges(removing: plan.removed, owner: plan.owner, db)
        for removed in plan.removed {
            guard let table = RecordTable.of(kind: removed.kind) else { continue }
            try db.cachedStatement(sql: "DELETE FROM \(table.name) WHERE id = ? AND owner_id = ?")
                .execute(arguments: [removed.id, plan.owner])
        }
        for marker in plan.markers {
            try db.cachedStatement(
                sql: "INSERT OR IGNORE INTO compaction_markers (id, owner_id, stamp, sequence) VALUES (?, ?, ?, ?)"
            ).execute(arguments: [marker.id, marker.owner, marker.stamp.description, marker.sequence])
        }
        try totals.save(db)
        try plan.clock.save(db)
    }
}
