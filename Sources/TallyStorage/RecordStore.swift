import Foundation
import TallyCore

/// Writing records of every kind, and the change feed. Every write stamps its records with the
/// replica's hybrid logical clock and a change sequence number, and commits them in one durable
/// transaction. The policy (which copy wins, who may write what, the clock) is ``SyncEngine``'s; a
/// store reads what it asks for and applies its plan.
public protocol RecordStore: Sendable {
    /// The replica this store is: a random id made when the store was created.
    var deviceID: UUID { get }

    /// Stores changes made on this replica at `now`, all or none: each record gets the next HLC stamp
    /// and this device id, then replaces the stored copy with its id (or, for a kind found by a natural
    /// key, the copy holding its key). Returns the records as stored.
    func write(_ records: [AnyRecord], now: Date) async throws -> [AnyRecord]

    /// Merges records made elsewhere (an import, a sync) at `now`: each replaces the stored copy only when
    /// it wins by ``MergeOrder``, so merging the same records twice, or in any order, changes nothing more.
    /// Each stamp advances this replica's clock; a copy of a record whose tombstone was compacted changes
    /// nothing. A stamp too far ahead of `now`, or a batch mixing owners, refuses the whole batch: nothing
    /// of it is stored. Records are known by owner, kind and id, so an id another person uses is, to
    /// this batch's owner, free.
    func merge(_ records: [AnyRecord], now: Date) async throws -> MergeResult

    /// What ``merge(_:now:)`` of `records` would answer now, storing nothing: an import's dry run, whose
    /// figures are the ones the import then gives (both come from the same plan over the same stored copies).
    func previewMerge(_ records: [AnyRecord], now: Date) async throws -> MergeResult

    /// The latest stamp the clock that stamps the records of `owner` has issued or seen.
    func currentStamp(owner: UUID) async throws -> HLCStamp

    /// Every record of `owner` changed after `sequence`, tombstones included, in change order, and the ids
    /// of compacted tombstones in the same range.
    func changes(owner: UUID, after sequence: Int64, limit: Int) async throws -> ChangePage

    /// The digests of every record of `owner`, tombstones included, by kind and day of creation: what two
    /// replicas compare to find where they drifted apart.
    func digests(owner: UUID) async throws -> [SyncDigest]

    /// The records of `owner` in `buckets`, tombstones included.
    func records(owner: UUID, in buckets: [DigestBucket]) async throws -> [AnyRecord]

    /// Runs `body`, which writes or plans a long run of records (an import), with the store keeping as
    /// little as it can of the pages it touches in the process's memory. Writes meanwhile, the body's and
    /// others', are stored as always.
    func writingInBulk<Value: Sendable>(_ body: () async throws -> Value) async throws -> Value
}

extension RecordStore {
    /// For a store whose memory does not grow with what a write touches: `body` as it is.
    public func writingInBulk<Value: Sendable>(_ body: () async throws -> Value) async throws -> Value {
        try await body()
    }

    /// Stores one change made on this replica (see ``write(_:now:)-(_,_)``).
    public func write(_ record: AnyRecord, now: Date) async throws -> AnyRecord {
        guard let stored = try await write([record], now: now).first else {
            preconditionFailure("a write returns each record it stored")
        }
        return stored
    }

    /// Stores one change made on this replica and returns it as stored, as its own type.
    public func write<Record: SyncedRecord>(_ record: Record, now: Date) async throws -> Record {
        let stored: AnyRecord = try await write(AnyRecord(record), now: now)
        guard let typed = stored.as(Record.self) else { preconditionFailure("a write keeps the record's kind") }
        return typed
    }
}

/// What a merge did.
public struct MergeResult: Hashable, Sendable {
    public var inserted = 0
    public var updated = 0
    public var unchanged = 0
    /// Of the inserted, the deletions (tombstones): records new here that nobody will see.
    public var insertedDeletions = 0
    /// Of the inserted, the live records (not the deletions) by kind: what a person will see, kind by kind.
    public var insertedByKind: [RecordKind: Int] = [:]

    public init(
        inserted: Int = 0, updated: Int = 0, unchanged: Int = 0, insertedDeletions: Int = 0,
        insertedByKind: [RecordKind: Int] = [:]
    ) {
        self.inserted = inserted
        self.updated = updated
        self.unchanged = unchanged
        self.insertedDeletions = insertedDeletions
        self.insertedByKind = insertedByKind
    }
}

/// One page of the change feed.
public struct ChangePage: Hashable, Sendable {
    public var records: [AnyRecord]
    /// Tombstones compacted in the page's range: every replica drops them and refuses them from then on.
    public var purged: [UUID]
    /// The sequence number of the last record in the page; ask again after it for more.
    public var through: Int64
    public var hasMore: Bool

    public init(records: [AnyRecord], purged: [UUID] = [], through: Int64, hasMore: Bool) {
        self.records = records
        self.purged = purged
        self.through = through
        self.hasMore = hasMore
    }

    /// The page after `sequence` from up to `limit + 1` records and up to `limit + 1` compaction markers
    /// past it (each with its sequence number), read separately: the first `limit` changes of both, in order.
    public init(after sequence: Int64, limit: Int, records: [(Int64, AnyRecord)], markers: [(Int64, UUID)]) {
        var changes: [(Int64, AnyRecord?, UUID?)] = records.map { ($0.0, $0.1, nil) }
        changes += markers.map { ($0.0, nil, $0.1) }
        changes.sort { $0.0 < $1.0 }
        let page = changes.prefix(limit)
        self.init(
            records: page.compactMap(\.1), purged: page.compactMap(\.2), through: page.last?.0 ?? sequence,
            hasMore: changes.count > limit)
    }
}
