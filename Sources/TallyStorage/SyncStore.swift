import Foundation
import TallyCore

/// What sync needs from a database, beyond reading and writing records. A device uses the first group
/// (its sync settings and cursors), the server the second (devices, compaction), both the digests.
public protocol SyncStore: Sendable {
    /// The device's sync settings and cursors, or nil before `tally login`.
    func syncState() async throws -> SyncState?

    /// Sets the server, token and owner; the cursors start again from zero when the server or owner changes.
    func configureSync(serverURL: String, token: String?, owner: UUID) async throws

    /// Records that the server acknowledged this device's changes up to `sequence`; never moves back.
    func recordPushed(through sequence: Int64) async throws

    /// Marks a full resync as started (the pulled cursor goes back to zero; after a crash the resync
    /// starts again) or finished.
    func setResyncPending(_ pending: Bool) async throws

    func setReconciled(at instant: Date) async throws

    /// Gives every record of `old` to `owner`, once, when a device logs in as `owner`. Returns how many.
    func adoptOwner(_ owner: UUID, replacing old: UUID) async throws -> Int

    /// Applies a page pulled from the server in one transaction: merges its records, drops its purged
    /// tombstones, and moves the pulled cursor to the page's end when it still stands where the page
    /// was asked from. When every local change had already been pushed, the pushed cursor moves past
    /// the page too, so pulled records are not sent back.
    func applyPulled(_ page: SyncPage, owner: UUID, now: Date) async throws -> MergeResult

    /// Hard-deletes the records of `owner` with a change sequence up to `sequence` whose ids are not in
    /// `ids`: the end of a full resync, dropping what the server no longer has. Returns how many.
    func removeRecords(owner: UUID, except ids: Set<UUID>, throughSequence sequence: Int64) async throws -> Int

    /// The latest change sequence number of this replica.
    func lastSequence() async throws -> Int64

    /// This replica's hybrid logical clock: the latest stamp it has issued or seen.
    func currentStamp() async throws -> HLCStamp

    /// The latest change sequence number among the records of `owner` (what live pages watch).
    func latestSequence(owner: UUID) async throws -> Int64

    /// Records that `device` belongs to `owner` (the first user to use a device id claims it), and when it
    /// was seen. A device id claimed by another user is refused.
    func claimDevice(_ device: UUID, owner: UUID, now: Date) async throws

    /// Records that `device` has applied every change of its owner up to `sequence`.
    func acknowledge(device: UUID, through sequence: Int64) async throws

    /// The devices of `owner`, the replicas whose acknowledgements tombstone compaction waits for.
    func devices(owner: UUID) async throws -> [SyncDevice]

    /// Compacts the tombstones of `owner` changed up to `sequence`, or stamped before `stamp`: each row is
    /// dropped and its id kept as a compaction marker (stamped `now`), in the change feed, that refuses
    /// it from then on.
    /// Journal tombstones stay (one per day at most): a day's latest life must outrank late copies of
    /// earlier ones, which have other ids.
    func compactTombstones(
        owner: UUID, through sequence: Int64, orStampedBefore stamp: HLCStamp, now: Date
    )
        async throws -> Int

    /// Forgets the compaction markers of `owner` made before `stamp`. A device whose cursor is older
    /// than the highest forgotten marker (the horizon) must resync in full. Returns how many.
    func expireMarkers(owner: UUID, stampedBefore stamp: HLCStamp) async throws -> Int

    /// The change sequence number up to which compaction markers of `owner` have been forgotten.
    func horizon(owner: UUID) async throws -> Int64

    /// The digests of every record of `owner`, tombstones included, by kind and day of creation.
    func digests(owner: UUID) async throws -> [SyncDigest]

    /// The records of `owner` in `buckets`, tombstones included.
    func records(owner: UUID, in buckets: [DigestBucket]) async throws -> [AnyRecord]
}
