import Foundation
import GRDB
import TallyCore
import TallyStorage

extension SQLiteStore {
    public func claimDevice(_ device: UUID, owner: UUID, now: Date) async throws {
        // A device of this owner seen within the minute is left as it is: a pull costs no commit.
        let seen = try await pointRead { db in
            try Int64.fetchOne(
                db.cachedStatement(sql: "SELECT last_seen_ms FROM sync_devices WHERE owner_id = ? AND device_id = ?"),
                arguments: [owner, device]
            ).map(Date.init(millisecondsSince1970:))
        }
        if let seen, !CoarseTimestamp.isDue(seen, now: now) { return }
        try await pool.write { db in
            try db.cachedStatement(
                sql: """
                    INSERT INTO sync_devices (device_id, owner_id, acknowledged_through, last_seen_ms)
                    VALUES (?, ?, 0, ?)
                    ON CONFLICT (owner_id, device_id) DO UPDATE SET last_seen_ms = excluded.last_seen_ms
                    """
            ).execute(arguments: [device, owner, now.millisecondsSince1970])
        }
    }

    public func acknowledge(device: UUID, owner: UUID, through sequence: Int64) async throws {
        try await pool.write { db in
            try db.cachedStatement(
                sql: """
                    UPDATE sync_devices SET acknowledged_through = ?
                    WHERE owner_id = ? AND device_id = ? AND acknowledged_through < ?
                    """
            ).execute(arguments: [sequence, owner, device, sequence])
        }
    }

    public func devices(owner: UUID) async throws -> [SyncDevice] {
        try await pool.read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM sync_devices WHERE owner_id = ? ORDER BY device_id",
                arguments: [owner]
            ).map { row in
                guard let id = UUID.fromDatabaseValue(row["device_id"]) else {
                    throw StoreFault.corrupt("sync_devices")
                }
                return SyncDevice(
                    id: id, ownerID: owner, acknowledgedThrough: row["acknowledged_through"],
                    lastSeen: Date(millisecondsSince1970: row["last_seen_ms"]))
            }
        }
    }

    public func compactTombstones(
        owner: UUID, through sequence: Int64, orStampedBefore stamp: HLCStamp, now: Date
    ) async throws -> Int {
        // Every pull asks; most find nothing, and then nothing is written (no clock saved, no commit).
        guard
            try await !pool.read({ try Self.tombstones(of: owner, through: sequence, orStampedBefore: stamp, $0) })
                .isEmpty
        else { return 0 }
        return try await pool.write { db in
            // Read again under the writer: a write since the check above may have changed them.
            let tombstones = try Self.tombstones(of: owner, through: sequence, orStampedBefore: stamp, db)
            let plan = SyncEngine.compaction(of: tombstones, owner: owner, clock: try ReplicaClock(db), now: now)
            guard !plan.removed.isEmpty else { return 0 }
            try Self.apply(plan, db)
            return plan.removed.count
        }
    }

    /// The tombstones of `owner` changed up to `sequence` or stamped before `stamp`.
    private static func tombstones(
        of owner: UUID, through sequence: Int64, orStampedBefore stamp: HLCStamp, _ db: Database
    ) throws -> [RecordRef] {
        try RecordTable.all.flatMap { table in
            try UUID.fetchAll(
                db.cachedStatement(
                    sql: "SELECT id FROM \(table.name) WHERE owner_id = ? AND deleted = 1 "
                        + "AND (sequence <= ? OR stamp < ?)"),
                arguments: [owner, sequence, stamp.description]
            ).map { RecordRef(kind: table.kind, id: $0) }
        }
    }

    public func expireMarkers(owner: UUID, stampedBefore stamp: HLCStamp) async throws -> Int {
        try await pool.write { db in
            let arguments: StatementArguments = [owner, stamp.description]
            guard
                let highest = try Int64.fetchOne(
                    db, sql: "SELECT MAX(sequence) FROM compaction_markers WHERE owner_id = ? AND stamp < ?",
                    arguments: arguments)
            else { return 0 }
            try db.execute(sql: "DELETE FROM compaction_markers WHERE owner_id = ? AND stamp < ?", arguments: arguments)
            let count = db.changesCount
            try db.execute(
                sql: """
                    INSERT INTO sync_horizons (owner_id, horizon) VALUES (?, ?)
                    ON CONFLICT (owner_id) DO UPDATE SET horizon = MAX(horizon, excluded.horizon)
                    """,
                arguments: [owner, highest])
            return count
        }
    }

    public func horizon(owner: UUID) async throws -> Int64 {
        try await pool.read { db in
            try Int64.fetchOne(
                db, sql: "SELECT horizon FROM sync_horizons WHERE owner_id = ?", arguments: [owner]) ?? 0
        }
    }
}
