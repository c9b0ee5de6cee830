import Foundation
import TallyCore

/// What a store is to write in one transaction, as ``SyncEngine`` planned it.
public struct WritePlan: Sendable {
    public struct Write: Sendable {
        /// The record as it is to be stored: stamped, with its owner.
        public var record: AnyRecord
        /// Its place in its owner's change feed.
        public var sequence: Int64
        /// The stored copy it replaces, when the store read one (for a natural key, perhaps under
        /// another id, which the write removes).
        public var replacing: RecordMeta?
    }

    /// In order: a record may come twice in a batch, and the later write wins.
    public var writes: [Write] = []
    /// The clock to save with the writes.
    public var clock: ReplicaClock
    public var result = MergeResult()

    public init(clock: ReplicaClock) {
        self.clock = clock
    }
}

/// A compaction marker: the id of a compacted tombstone, kept in the change feed so every replica drops
/// the record and refuses any copy of it from then on.
public struct CompactionMarker: Hashable, Sendable {
    public var id: UUID
    public var owner: UUID
    public var stamp: HLCStamp
    public var sequence: Int64

    public init(id: UUID, owner: UUID, stamp: HLCStamp, sequence: Int64) {
        self.id = id
        self.owner = owner
        self.stamp = stamp
        self.sequence = sequence
    }
}

/// Tombstones to drop and the markers that replace them.
public struct CompactionPlan: Sendable {
    /// Whose records these are.
    public var owner: UUID
    /// The rows of `owner` to delete: each tombstone's kind and id.
    public var removed: [RecordRef] = []
    public var markers: [CompactionMarker] = []
    public var clock: ReplicaClock

    public init(owner: UUID, clock: ReplicaClock) {
        self.owner = owner
        self.clock = clock
    }
}
