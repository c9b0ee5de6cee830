import Foundation
import GRDB
import TallyCore
import TallyStorage

extension SQLiteStore {
    public func channels(owner: UUID) async throws -> [NotificationChannel] {
        try await pool.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: "SELECT * FROM notification_channels WHERE owner_id = ? ORDER BY created_ms, id"),
                arguments: [owner]
            ).map(NotificationChannel.init(row:))
        }
    }

    public func addChannel(_ channel: NotificationChannel) async throws {
        do {
            try await pool.write { db in
                if channel.kind == .push {
                    try db.execute(
                        sql: "DELETE FROM notification_channels WHERE owner_id = ? AND kind = 'push' AND url = ?",
                        arguments: [channel.ownerID, channel.url])
                }
                try db.execute(
                    sql: """
                        INSERT INTO notification_channels
                            (id, owner_id, name, kind, url, token, secret, push_key, push_auth, created_ms, failures,
                             paused_reason)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        channel.id, channel.ownerID, channel.name, channel.kind.rawValue, channel.url, channel.token,
                        channel.secret, channel.pushKey, channel.pushAuth, channel.createdAt.millisecondsSince1970,
                        channel.failures, channel.pausedReason,
                    ])
            }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            throw TallyError.conflict("you already have a channel called '\(channel.name)'")
        }
    }

    public func removeChannel(id: UUID, owner: UUID) async throws -> Bool {
        try await pool.write { db in
            try db.execute(
                sql: "DELETE FROM notification_channels WHERE id = ? AND owner_id = ?", arguments: [id, owner])
            return db.changesCount > 0
        }
    }

    public func markChannelFailed(id: UUID, owner: UUID, reason: String, pauseAfter: Int) async throws -> Bool {
        try await pool.write { db in
            try db.execute(
                sql: """
                    UPDATE notification_channels SET failures = failures + 1,
                        paused_reason = CASE WHEN failures + 1 >= ? THEN ? ELSE paused_reason END
                    WHERE id = ? AND owner_id = ?
                    """,
                arguments: [pauseAfter, reason, id, owner])
            return try Bool.fetchOne(
                db, sql: "SELECT paused_reason IS NOT NULL FROM notification_channels WHERE id = ? AND owner_id = ?",
                arguments: [id, owner]) ?? false
        }
    }

    public func markChannelWorking(id: UUID, owner: UUID) async throws {
        try await pool.write { db in
            try db.execute(
                sql: """
                    UPDATE notification_channels SET failures = 0, paused_reason = NULL
                    WHERE id = ? AND owner_id = ? AND (failures <> 0 OR paused_reason IS NOT NULL)
                    """,
                arguments: [id, owner])
        }
    }

    public func ownersWithChannels() async throws -> [UUID] {
        try await pool.read { db in
            try UUID.fetchAll(db, sql: "SELECT DISTINCT owner_id FROM notification_channels")
        }
    }

    public func claimDelivery(
        owner: UUID, key: String, channel: UUID, now: Date, lease: TimeInterval
    ) async throws -> Int? {
        let nowMS = now.millisecondsSince1970
        let leaseUntil = now.addingTimeInterval(lease).millisecondsSince1970
        return try await pool.write { db in
            let arguments: StatementArguments = [owner, key, channel]
            guard
                let row = try Row.fetchOne(
                    db.cachedStatement(
                        sql: """
                            SELECT state, attempts, lease_until_ms, next_attempt_ms FROM notification_deliveries
                            WHERE owner_id = ? AND key = ? AND channel_id = ?
                            """),
                    arguments: arguments)
            else {
                try db.cachedStatement(
                    sql: """
                        INSERT INTO notification_deliveries
                            (owner_id, key, channel_id, state, attempts, lease_until_ms, next_attempt_ms, claimed_ms)
                        VALUES (?, ?, ?, 'leased', 1, ?, 0, ?)
                        """
                ).execute(arguments: arguments + [leaseUntil, nowMS])
                return 1
            }
            let state: String = row["state"]
            let expired = state == "leased" && (row["lease_until_ms"] as Int64) <= nowMS
            let due = state == "retry" && (row["next_attempt_ms"] as Int64) <= nowMS
            guard expired || due else { return nil }
            let attempt = (row["attempts"] as Int) + 1
            try db.cachedStatement(
                sql: """
                    UPDATE notification_deliveries SET state = 'leased', attempts = ?, lease_until_ms = ?
                    WHERE owner_id = ? AND key = ? AND channel_id = ?
                    """
            ).execute(arguments: [attempt, leaseUntil] + arguments)
            return attempt
        }
    }

    public func finishDelivery(
        owner: UUID, key: String, channel: UUID, outcome: DeliveryOutcome, log: DeliveryLogEntry
    ) async throws {
        let (state, next) = DeliveryState.after(outcome)
        try await pool.write { db in
            try db.cachedStatement(
                sql: """
                    UPDATE notification_deliveries SET state = ?, next_attempt_ms = ?
                    WHERE owner_id = ? AND key = ? AND channel_id = ?
                    """
            ).execute(arguments: [state, next, owner, key, channel])
            try db.cachedStatement(
                sql: """
                    INSERT INTO notification_log
                        (owner_id, at_ms, key, kind, title, channel_name, channel_kind, attempt, outcome, detail)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """
            ).execute(arguments: [
                owner, log.at.millisecondsSince1970, log.key, log.kind.rawValue, log.title, log.channelName,
                log.channelKind.rawValue, log.attempt, log.outcome, log.detail,
            ])
        }
    }

    public func deliveryLog(owner: UUID, limit: Int) async throws -> [DeliveryLogEntry] {
        try await pool.read { db in
            try Row.fetchAll(
                db.cachedStatement(sql: "SELECT * FROM notification_log WHERE owner_id = ? ORDER BY seq DESC LIMIT ?"),
                arguments: [owner, limit]
            ).compactMap(DeliveryLogEntry.init(row:))
        }
    }

    public func pruneDeliveries(before instant: Date) async throws {
        let limit = instant.millisecondsSince1970
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM notification_deliveries WHERE claimed_ms < ?", arguments: [limit])
            try db.execute(sql: "DELETE FROM notification_log WHERE at_ms < ?", arguments: [limit])
            try db.execute(sql: "DELETE FROM notification_snoozes WHERE due_ms < ?", arguments: [limit])
        }
    }

    /// None: SQLite has no way to tell another process's connection of a commit.
    public var announcesChanges: Bool { false }

    public func listenForChanges(_ heard: @escaping @Sendable (UUID) -> Void) async {}

    public func changeMarks(owners: [UUID]) async throws -> [UUID: Int64] {
        var marks: [UUID: Int64] = [:]
        for owner in owners {
            marks[owner] = try await latestSequence(owner: owner)
        }
        return marks
    }
}
