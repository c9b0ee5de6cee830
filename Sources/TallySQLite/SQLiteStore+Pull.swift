import Foundation
import GRDB
import TallyCore
import TallyStorage

extension SQLiteStore {
    public func applyPulled(_ page: SyncPage, owner: UUID, now: Date) async throws -> MergeResult {
        try await pool.write { db in
            guard let state = try Self.syncState(db) else {
                throw TallyError.invalid(field: "server", reason: "this data directory is not logged in to a server")
            }
            let caughtUp = state.pushedThrough >= (try ReplicaClock(db).sequence)
            let compacted = try Set(page.purged.filter { try Self.isCompacted($0, of: owner, db) })
            try Self.apply(
                SyncEngine.purge(
                    page.purged, owner: owner, compacted: compacted, clock: try ReplicaClock(db), now: now),
                db)
            let result = try Self.merge(page.records, now: now, db)
            if state.pulledThrough == page.after {
                try db.execute(sql: "UPDATE sync_state SET pulled_through = ?", arguments: [page.through])
            }
            if caughtUp {
                // Everything new since the push came from this page: nothing to send back.
                try db.execute(
                    sql: "UPDATE sync_state SET pushed_through = ?", arguments: [try ReplicaClock(db).sequence])
            }
            return result
        }
    }

    static func isCompacted(_ id: UUID, of owner: UUID, _ db: Database) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT 1 FROM compaction_markers WHERE owner_id = ? AND id = ?"),
            arguments: [owner, id])
            ?? false
    }

    public func removeRecords(owner: UUID, except ids: Set<UUID>, throughSequence sequence: Int64) async throws -> Int {
        try await pool.write { db in
            try db.execute(sql: "CREATE TEMP TABLE IF NOT EXISTS kept_ids (id BLOB PRIMARY KEY NOT NULL)")
            try db.execute(sql: "DELETE FROM kept_ids")
            let insert = try db.makeStatement(sql: "INSERT OR IGNORE INTO kept_ids (id) VALUES (?)")
            for id in ids { try insert.execute(arguments: [id]) }
            var count = 0
            for table in RecordTable.all {
                try db.execute(
                    sql: """
                        DELETE FROM \(table.name) WHERE owner_id = ? AND sequence <= ?
                        AND id NOT IN (SELECT id FROM kept_ids)
                        """,
                    arguments: [owner, sequence])
                count += db.changesCount
            }
            try db.execute(sql: "DELETE FROM kept_ids")
            if count > 0 { try DayTotalChanges.forget(owner: owner, db) }
            return count
        }
    }
}
