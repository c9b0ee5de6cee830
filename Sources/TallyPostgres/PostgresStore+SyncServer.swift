import Foundation
import PostgresNIO
import TallyCore
import TallyStorage

/// Devices, acknowledgements and compaction, shared by every server process on the database.
extension PostgresStore: SyncServerStore {
    /// Every change of an owner takes its number from the owner's clock, so its sequence is the latest.
    public func latestSequence(owner: UUID) async throws -> Int64 {
        try await rows("SELECT last_sequence FROM owner_clocks WHERE owner_id = \(owner)").first?.decode(Int64.self)
            ?? 0
    }

    public func claimDevice(_ device: UUID, owner: UUID, now: Date) async throws {
        // A device of this owner seen within the minute is left as it is: a pull costs no commit.
        if let seen = try await rows(
            "SELECT last_seen_ms FROM sync_devices WHERE owner_id = \(owner) AND device_id = \(device)"
        ).first?.decode(Int64.self), !CoarseTimestamp.isDue(Date(millisecondsSince1970: seen), now: now) {
            return
        }
        try await execute(
            """
            INSERT INTO sync_devices (device_id, owner_id, acknowledged_through, last_seen_ms)
            VALUES (\(device), \(owner), 0, \(now.millisecondsSince1970))
            ON CONFLICT (owner_id, device_id) DO UPDATE SET last_seen_ms = excluded.last_seen_ms
            """)
    }

    public func acknowledge(device: UUID, owner: UUID, through sequence: Int64) async throws {
        try await execute(
            """
            UPDATE sync_devices SET acknowledged_through = \(sequence)
            WHERE owner_id = \(owner) AND device_id = \(device) AND acknowledged_through < \(sequence)
            """)
    }

    public func devices(owner: UUID) async throws -> [SyncDevice] {
        try await rows(
            """
            SELECT device_id, acknowledged_through, last_seen_ms FROM sync_devices WHERE owner_id = \(owner)
            ORDER BY device_id
            """
        ).map { row in
            let (id, acknowledged, seen) = try row.decode((UUID, Int64, Int64).self)
            return SyncDevice(
                id: id, ownerID: owner, acknowledgedThrough: acknowledged, lastSeen: Date(millisecondsSince1970: seen))
        }
    }

    public func compactTombstones(
        owner: UUID, through sequence: Int64, orStampedBefore stamp: HLCStamp, now: Date
    ) async throws -> Int {
        // Every pull asks; most find nothing, and then nothing is written (no clock taken, no commit).
        guard try await !tombstones(of: owner, through: sequence, orStampedBefore: stamp, nil).isEmpty else {
            return 0
        }
        return try await withTransaction { [logger] connection in
            let clock = try await Self.lockClock(of: owner, connection, logger: logger)
            let tombstones = try await self.tombstones(
                of: owner, through: sequence, orStampedBefore: stamp, (connection, logger))
            let plan = SyncEngine.compaction(of: tombstones, owner: owner, clock: clock, now: now)
            try await Self.apply(plan, connection, logger: logger)
            return plan.removed.count
        }
    }

    /// The tombstones of `owner` changed up to `sequence` or stamped before `stamp`, read on `connection`
    /// (inside a transaction) or on a pooled one.
    private func tombstones(
        of owner: UUID, through sequence: Int64, orStampedBefore stamp: HLCStamp,
        _ connection: (PostgresConnection, Logger)?
    ) async throws -> [RecordRef] {
        let query: PostgresQuery = """
            SELECT kind, id FROM records WHERE owner_id = \(owner) AND deleted
                AND (sequence <= \(sequence) OR stamp < \(stamp.description))
            """
        let rows =
            if let (connection, logger) = connection {
                try await connection.rows(query, logger: logger)
            } else {
                try await self.rows(query)
            }
        return try rows.compactMap { row in
            let (kindID, id) = try row.decode((String, UUID).self)
            return RecordKinds.kind(withID: kindID).map { RecordRef(kind: $0, id: id) }
        }
    }

    /// Drops a compaction plan's tombstones and keeps their ids as markers.
    static func apply(_ plan: CompactionPlan, _ connection: PostgresConnection, logger: Logger) async throws {
        for removed in plan.removed {
            try await connection.execute(
                "DELETE FROM records WHERE kind = \(removed.kind.id) AND id = \(removed.id) AND owner_id = \(plan.owner)",
                logger: logger)
        }
        for marker in plan.markers {
            try await connection.execute(
                """
                INSERT INTO compaction_markers (id, owner_id, stamp, sequence)
                VALUES (\(marker.id), \(marker.owner), \(marker.stamp.description), \(marker.sequence))
                ON CONFLICT (owner_id, id) DO NOTHING
                """, logger: logger)
        }
        try await save(plan.clock, of: plan.owner, connection, logger: logger)
    }

    public func expireMarkers(owner: UUID, stampedBefore stamp: HLCStamp) async throws -> Int {
        try await withTransaction { [logger] connection in
            let expired = try await connection.rows(
                """
                DELETE FROM compaction_markers WHERE owner_id = \(owner) AND stamp < \(stamp.description)
                RETURNING sequence
                """, logger: logger
            ).map { try $0.decode(Int64.self) }
            guard let highest = expired.max() else { return 0 }
            try await connection.execute(
                """
                INSERT INTO sync_horizons (owner_id, horizon) VALUES (\(owner), \(highest))
                ON CONFLICT (owner_id) DO UPDATE SET horizon = GREATEST(sync_horizons.horizon, excluded.horizon)
                """, logger: logger)
            return expired.count
        }
    }

    public func horizon(owner: UUID) async throws -> Int64 {
        try await rows("SELECT horizon FROM sync_horizons WHERE owner_id = \(owner)").first?.decode(Int64.self) ?? 0
    }
}
