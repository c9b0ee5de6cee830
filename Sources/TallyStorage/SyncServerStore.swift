import Foundation
import TallyCore

/// What the server side of sync needs beyond records: devices and their acknowledgements, tombstone
/// compaction.
public protocol SyncServerStore: Sendable {
    /// The latest change sequence number among the records of `owner` (what live pages watch).
    func latestSequence(owner: UUID) async throws -> Int64

    /// Records that `owner` has `device`, and when it was seen. Devices are each owner's own: the same id
    /// used by another person is another device, and nothing tells one from an unknown id.
    func claimDevice(_ device: UUID, owner: UUID, now: Date) async throws

    /// Records that `owner`'s `device` has applied every change of theirs up to `sequence`.
    func acknowledge(device: UUID, owner: UUID, through sequence: Int64) async throws

    /// The devices of `owner`, the replicas whose acknowledgements tombstone compaction waits for.
    func devices(owner: UUID) async throws -> [SyncDevice]

    /// Compacts the tombstones of `owner` changed up to `sequence`, or stamped before `stamp`, as
    /// ``SyncEngine/compaction(of:clock:now:)`` plans: each row is dropped and its id kept as a compaction
    /// marker, in the change feed, that refuses it from then on.
    func compactTombstones(
        owner: UUID, through sequence: Int64, orStampedBefore stamp: HLCStamp, now: Date
    )
        async throws -> Int

    /// Forgets the compaction markers of `owner` made before `stamp`. A device whose cursor is older
    /// than the highest forgotten marker (the horizon) must resync in full. Returns how many.
    func expireMarkers(owner: UUID, stampedBefore stamp: HLCStamp) async throws -> Int

    /// The change sequence number up to which compaction markers of `owner` have been forgotten.
    func horizon(owner: UUID) async throws -> Int64
}
