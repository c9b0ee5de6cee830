import Foundation
import PostgresNIO
import TallyCore
import TallyStorage

/// Channels, deliveries and the delivery log, shared by every server process on the database: a delivery
/// is claimed by one `INSERT ... ON CONFLICT DO UPDATE ... WHERE`, which only one process can win.
extension PostgresStore: NotificationStore {
    private static let channelColumns =
        "id, owner_id, name, kind, url, token, secret, push_key, push_auth, created_ms, failures, paused_reason"

    public func channels(owner: UUID) async throws -> [NotificationChannel] {
        try await rows(
            """
            SELECT \(unescaped: Self.channelColumns) FROM notification_channels WHERE owner_id = \(owner)
            ORDER BY created_ms, id
            """
        ).map(NotificationChannel.init(row:))
    }

    public func addChannel(_ channel: NotificationChannel) async throws {
        do {
            try await withTransaction { [logger] connection in
                if channel.kind == .push {
                    try await connection.execute(
                        """
                        DELETE FROM notification_channels
                        WHERE owner_id = \(channel.ownerID) AND kind = 'push' AND url = \(channel.url)
                        """, logger: logger)
                }
                try await connection.execute(
                    """
                    INSERT INTO notification_channels (\(unescaped: Self.channelColumns))
                    VALUES (\(channel.id), \(channel.ownerID), \(channel.name), \(channel.kind.rawValue), \(channel.url),
                        \(channel.token), \(channel.secret), \(channel.pushKey), \(channel.pushAuth),
                        \(channel.createdAt.millisecondsSince1970), \(Int32(clamping: channel.failures)),
                        \(channel.pausedReason))
                    """, logger: logger)
            }
        } catch  where PostgresFailure.isUniqueViolation(error) {
            throw TallyError.conflict("you already have a channel called '\(channel.name)'")
        }
    }

    public func removeChannel(id: UUID, owner: UUID) async throws -> Bool {
        try await !rows("DELETE FROM notification_channels WHERE id = \(id) AND owner_id = \(owner) RETURNING 1")
            .isEmpty
    }

    public func markChannelFailed(id: UUID, owner: UUID, reason: String, pauseAfter: Int) async throws -> Bool {
        try await rows(
            """
            UPDATE notification_channels SET failures = failures + 1,
                paused_reason = CASE WHEN failures + 1 >= \(Int32(clamping: pauseAfter)) THEN \(reason)
                    ELSE paused_reason END
            WHERE id = \(id) AND owner_id = \(owner) RETURNING paused_reason IS NOT NULL
            """
        ).first?.decode(Bool.self) ?? false
    }

    public func markChannelWorking(id: UUID, owner: UUID) async throws {
        try await execute(
            """
            UPDATE notification_channels SET failures = 0, paused_reason = NULL
            WHERE id = \(id) AND owner_id = \(owner) AND (failures <> 0 OR paused_reason IS NOT NULL)
            """)
    }

    public func ownersWithChannels() async throws -> [UUID] {
        try await rows("SELECT DISTINCT owner_id FROM notification_channels").map { try $0.decode(UUID.self) }
    }

    public func claimDelivery(
        owner: UUID, key: String, channel: UUID, now: Date, lease: TimeInterval
    ) async throws -> Int? {
        let nowMS = now.millisecondsSince1970
        let leaseUntil = now.addingTimeInterval(lease).millisecondsSince1970
        return try await rows(
            """
            INSERT INTO notification_deliveries AS d
                (owner_id, key, channel_id, state, attempts, lease_until_ms, next_attempt_ms, claimed_ms)
            VALUES (\(owner), \(key), \(channel), 'leased', 1, \(leaseUntil), 0, \(nowMS))
            ON CONFLICT (owner_id, key, channel_id) DO UPDATE
                SET state = 'leased', attempts = d.attempts + 1, lease_until_ms = excluded.lease_until_ms
                WHERE (d.state = 'leased' AND d.lease_until_ms <= \(nowMS))
                    OR (d.state = 'retry' AND d.next_attempt_ms <= \(nowMS))
            RETURNING attempts
            """
        ).first.map { Int(try $0.decode(Int32.self)) }
    }

    public func finishDelivery(
        owner: UUID, key: String, channel: UUID, outcome: DeliveryOutcome, log: DeliveryLogEntry
    ) async throws {
        let (state, next) = DeliveryState.after(outcome)
        try await withTransaction { [logger] connection in
            try await connection.execute(
                """
                UPDATE notification_deliveries SET state = \(state), next_attempt_ms = \(next)
                WHERE owner_id = \(owner) AND key = \(key) AND channel_id = \(channel)
                """, logger: logger)
            try await connection.execute(
                """
                INSERT INTO notification_log
                    (owner_id, at_ms, key, kind, title, channel_name, channel_kind, attempt, outcome, detail)
                VALUES (\(owner), \(log.at.millisecondsSince1970), \(log.key), \(log.kind.rawValue), \(log.title),
                    \(log.channelName), \(log.channelKind.rawValue), \(Int32(clamping: log.attempt)), \(log.outcome),
                    \(log.detail))
                """, logger: logger)
        }
    }

    public func deliveryLog(owner: UUID, limit: Int) async throws -> [DeliveryLogEntry] {
        try await rows(
            """
            SELECT at_ms, key, kind, title, channel_name, channel_kind, attempt, outcome, detail
            FROM notification_log WHERE owner_id = \(owner) ORDER BY seq DESC LIMIT \(limit)
            """
        ).compactMap(DeliveryLogEntry.init(row:))
    }

    public func pruneDeliveries(before instant: Date) async throws {
        let limit = instant.millisecondsSince1970
        try await execute("DELETE FROM notification_deliveries WHERE claimed_ms < \(limit)")
        try await execute("DELETE FROM notification_log WHERE at_ms < \(limit)")
        try await execute("DELETE FROM notification_snoozes WHERE due_ms < \(limit)")
    }

    /// The channel every write and merge notifies with its owner's id, in its transaction (so on commit).
    static let changeChannel = "tally_changes"

    public var announcesChanges: Bool { true }

    /// Listens on ``changeChannel`` on a connection of its own until the task is cancelled, listening again
    /// after a lost connection (changes in between are found by the next read of the marks).
    public func listenForChanges(_ heard: @escaping @Sendable (UUID) -> Void) async {
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    try await connection.listen(on: Self.changeChannel) { notifications in
                        for try await notification in notifications {
                            if let owner = UUID(text: notification.payload) { heard(owner) }
                        }
                    }
                }
            } catch {
                guard !Task.isCancelled else { break }
                // The listening connection is often the first to hear the database go.
                if PostgresFailure.meansGone(error) { await checkReach() }
                logger.warning("listening for changes failed, listening again: \(String(reflecting: error))")
                try? await Task.sleep(for: .seconds(1))
            }
        }
    }

    public func changeMarks(owners: [UUID]) async throws -> [UUID: Int64] {
        guard !owners.isEmpty else { return [:] }
        var marks: [UUID: Int64] = Dictionary(uniqueKeysWithValues: owners.map { ($0, 0) })
        for row in try await rows("SELECT owner_id, last_sequence FROM owner_clocks WHERE owner_id = ANY(\(owners))") {
            let (owner, sequence) = try row.decode((UUID, Int64).self)
            marks[owner] = sequence
        }
        return marks
    }
}

extension NotificationChannel {
    init(row: PostgresRow) throws {
        let (id, owner, name, kind, url, token, secret, pushKey, pushAuth, created, failures, paused) =
            try row.decode(
                (UUID, UUID, String, String, String, String?, String?, String?, String?, Int64, Int32, String?).self)
        guard let kind = Kind(rawValue: kind) else { throw StoreFault.corrupt("notification channel") }
        self.init(
            id: id, ownerID: owner, name: name, kind: kind, url: url, token: token, secret: secret, pushKey: pushKey,
            pushAuth: pushAuth, createdAt: Date(millisecondsSince1970: created), failures: Int(failures),
            pausedReason: paused)
    }
}

extension DeliveryLogEntry {
    /// Nil for a row of a notification kind a later version added: servers of two versions share the
    /// database during an upgrade, and the older one's log page must not fail on it.
    init?(row: PostgresRow) throws {
        let (at, key, kind, title, channelName, channelKind, attempt, outcome, detail) = try row.decode(
            (Int64, String, String, String, String, String, Int32, String, String).self)
        guard let kind = NotificationKind(rawValue: kind) else { return nil }
        guard let channelKind = NotificationChannel.Kind(rawValue: channelKind) else {
            throw StoreFault.corrupt("notification log")
        }
        self.init(
            at: Date(millisecondsSince1970: at), key: key, kind: kind, title: title, channelName: channelName,
            channelKind: channelKind, attempt: Int(attempt), outcome: outcome, detail: detail)
    }
}
