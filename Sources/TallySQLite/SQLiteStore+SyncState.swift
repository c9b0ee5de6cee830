import Foundation
import GRDB
import TallyCore
import TallyStorage

extension SQLiteStore {
    public func syncState() async throws -> SyncState? {
        try await pool.read { db in try Self.syncState(db) }
    }

    /// The sync settings read at once, for the CLI's start-up (which user the data directory belongs to).
    public func syncStateNow() throws -> SyncState? {
        try pool.read { db in try Self.syncState(db) }
    }

    static func syncState(_ db: Database) throws -> SyncState? {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM sync_state")) else { return nil }
        guard let owner = UUID.fromDatabaseValue(row["owner_id"]) else {
            throw StoreFault.corrupt("sync_state.owner_id")
        }
        return SyncState(
            serverURL: row["server_url"], token: row["token"], ownerID: owner, pushedThrough: row["pushed_through"],
            pulledThrough: row["pulled_through"], resyncPending: row["resync_pending"],
            reconciledAt: (row["reconciled_ms"] as Int64?).map(Date.init(millisecondsSince1970:)))
    }

    public func configureSync(serverURL: String, token: String?, owner: UUID) async throws {
        try await pool.write { db in
            let old = try Self.syncState(db)
            let sameServer = old?.serverURL == serverURL && old?.ownerID == owner
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO sync_state
                        (singleton, server_url, token, owner_id, pushed_through, pulled_through, resync_pending,
                         reconciled_ms)
                    VALUES (1, ?, ?, ?, ?, ?, 0, NULL)
                    """,
                arguments: [
                    serverURL, token, owner, sameServer ? old?.pushedThrough ?? 0 : 0,
                    sameServer ? old?.pulledThrough ?? 0 : 0,
                ])
        }
    }

    public func recordPushed(through sequence: Int64) async throws {
        try await pool.write { db in
            try db.execute(
                sql: "UPDATE sync_state SET pushed_through = MAX(pushed_through, ?)", arguments: [sequence])
        }
    }

    public func setResyncPending(_ pending: Bool) async throws {
        try await pool.write { db in
            try db.execute(sql: "UPDATE sync_state SET resync_pending = ?", arguments: [pending])
            if pending { try db.execute(sql: "UPDATE sync_state SET pulled_through = 0") }
        }
    }

    public func setReconciled(at instant: Date) async throws {
        try await pool.write { db in
            try db.execute(
                sql: "UPDATE sync_state SET reconciled_ms = ?", arguments: [instant.millisecondsSince1970])
        }
    }

    public func lastSequence() async throws -> Int64 {
        try await pool.read { db in try ReplicaClock(db).sequence }
    }

    /// One clock stamps every owner's records here.
    public func currentStamp(owner: UUID) async throws -> HLCStamp {
        try await pool.read { db in try ReplicaClock(db).stamp }
    }

    public func latestSequence(owner: UUID) async throws -> Int64 {
        try await pool.read { db in
            var latest: Int64 = 0
            for table in RecordTable.all.map(\.name) + ["compaction_markers"] {
                let sequence = try Int64.fetchOne(
                    db.cachedStatement(sql: "SELECT MAX(sequence) FROM \(table) WHERE owner_id = ?"),
                    arguments: [owner])
                latest = max(latest, sequence ?? 0)
            }
            return latest
        }
    }

    public func adoptOwner(_ owner: UUID, replacing old: UUID) async throws -> Int {
        guard owner != old else { return 0 }
        return try await pool.write { db in
            var count = 0
            for table in RecordTable.all.map(\.name) + ["compaction_markers"] {
                try db.execute(
                    sql: "UPDATE \(table) SET owner_id = ? WHERE owner_id = ?",
                    arguments: [owner, old])
                count += db.changesCount
            }
            // The pictures the records show go with them (not counted: they are not records).
            try db.execute(
                sql: "UPDATE OR IGNORE image_owners SET owner_id = ? WHERE owner_id = ?", arguments: [owner, old])
            // Both people's totals are built again from their records by their next read.
            try DayTotalChanges.forget(owner: owner, db)
            try DayTotalChanges.forget(owner: old, db)
            return count
        }
    }
}
