import Foundation
import TallyCore

/// What the notification scheduler keeps on the server: each user's channels and calendar feed secret
/// (a ``SecretLink``, so a notification store is a ``SecretLinkStore``), the deliveries claimed and made, the delivery log, the server's own keys, and where users' records
/// changed. Several server processes share it; a delivery is claimed in one atomic step, so only one
/// process sends it.
public protocol NotificationStore: SecretLinkStore {
    /// The user's channels, oldest first.
    func channels(owner: UUID) async throws -> [NotificationChannel]

    /// Adds a channel; a name the user already gave another channel is a ``TallyError/conflict(_:)``.
    /// A push channel with the same endpoint as one of the user's replaces it (a browser subscribing again).
    func addChannel(_ channel: NotificationChannel) async throws

    /// Removes the user's channel with this id; false when there is none.
    @discardableResult
    func removeChannel(id: UUID, owner: UUID) async throws -> Bool

    /// Counts a delivery to the user's channel given up, and pauses the channel with `reason` once
    /// `pauseAfter` were given up in a row. Returns whether the channel is paused.
    @discardableResult
    func markChannelFailed(id: UUID, owner: UUID, reason: String, pauseAfter: Int) async throws -> Bool

    /// Clears the channel's failures and pause: a delivery went through, or the user resumed it.
    func markChannelWorking(id: UUID, owner: UUID) async throws

    /// The users who have at least one channel: the ones the scheduler plans for.
    func ownersWithChannels() async throws -> [UUID]

    /// Claims the delivery of notification `key` of `owner` to `channel` at `now` for `lease`: first come,
    /// a retry whose time has come, or a claim whose lease ran out (its process died). Returns the attempt
    /// number (1 for the first), or nil when it was sent, given up, or is held by another claim.
    func claimDelivery(owner: UUID, key: String, channel: UUID, now: Date, lease: TimeInterval) async throws -> Int?

    /// Records how an attempt ended, in the claim and in the user's delivery log, together.
    func finishDelivery(
        owner: UUID, key: String, channel: UUID, outcome: DeliveryOutcome, log: DeliveryLogEntry
    ) async throws

    /// The user's latest delivery attempts, newest first.
    func deliveryLog(owner: UUID, limit: Int) async throws -> [DeliveryLogEntry]

    /// Keeps a notification the user snoozed (a ``NotificationKind/snooze``), to be planned until it is due.
    /// The same key twice keeps the first.
    func addSnooze(_ notification: PlannedNotification, owner: UUID) async throws

    /// The user's snoozed notifications due at or after `instant`, soonest first.
    func snoozes(owner: UUID, from instant: Date) async throws -> [PlannedNotification]

    /// Forgets claims of notifications due before `instant`, log entries made before it and snoozes due
    /// before it.
    func pruneDeliveries(before instant: Date) async throws

    /// For each of `owners`, a number that grows whenever any of their records changes (written, merged
    /// or deleted): what the scheduler compares to know whose plan to work out again.
    func changeMarks(owners: [UUID]) async throws -> [UUID: Int64]

    /// Whether the database announces each change as it commits, in any process on it (PostgreSQL's
    /// NOTIFY); where it cannot (SQLite), only ``changeMarks(owners:)`` read again tells.
    var announcesChanges: Bool { get }

    /// Calls `heard` with the owner of each change the database announces, until the calling task is
    /// cancelled; returns at once where ``announcesChanges`` is false.
    func listenForChanges(_ heard: @escaping @Sendable (UUID) -> Void) async
}
