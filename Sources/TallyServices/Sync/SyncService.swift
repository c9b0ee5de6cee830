import Foundation
import TallyCore
import TallyStorage

/// The server's side of sync, for one user at a time (`owner`, the authenticated user): merges a device's
/// batch durably before acknowledging it, serves the changes a device has not seen, records how far each
/// device has applied them, and compacts tombstones every device has.
public struct SyncService: Sendable {
    public let store: any RecordStore & SyncServerStore
    public let clock: any WallClock
    /// A tombstone older than this is compacted even if some device never acknowledged it (a device
    /// offline longer still learns of the deletion from the compaction marker).
    public var retention: TimeInterval = 30 * 24 * 3600
    /// Compaction markers made longer ago than this are forgotten; a device whose cursor is older than
    /// the newest forgotten one resyncs in full.
    public var markerRetention: TimeInterval = 400 * 24 * 3600
    /// The most records a pull answers with.
    public static let maxPageSize = 1_000
    /// The request's reading of "now", forgotten when a batch carries settings.
    public var reading: RequestNow?

    public init(store: any RecordStore & SyncServerStore, clock: any WallClock, reading: RequestNow? = nil) {
        self.store = store
        self.clock = clock
        self.reading = reading
    }

    /// Checks and merges a batch, then acknowledges it. Refused as a whole (nothing stored) when the
    /// device belongs to another user, a record names another owner or is not valid, or a stamp is more
    /// than a day ahead. Records are `owner`'s by owner and id, so an id someone else uses merges as a new
    /// record of `owner`'s. The same batch again merges nothing and gets the same acknowledgement.
    public func push(_ batch: SyncBatch, owner: UUID) async throws -> SyncAck {
        guard batch.through >= 0 else {
            throw TallyError.invalid(field: "through", reason: "\(batch.through) is not a change sequence number")
        }
        let now = clock.now()
        try await store.claimDevice(batch.deviceID, owner: owner, now: now)
        if let foreign = batch.records.first(where: { $0.meta.ownerID != owner }) {
            throw TallyError.invalid(
                field: "ownerId", reason: "\(foreign.kind) \(foreign.meta.id) belongs to another user")
        }
        let checked = try TallyBackup.checked(batch.records, for: owner, now: now)
        let result = try await store.merge(checked, now: now)
        // What a server keeps between requests (settings, named settings, skill rules) is seen changed by the
        // very next request of this process; other processes see it within the cache's maximum age.
        let kept = [SettingRecord.kind, NamedSetting.kind, SkillRule.kind]
        if checked.contains(where: { kept.contains($0.kind) }) { reading?.forget() }
        return SyncAck(
            appliedThrough: batch.through, inserted: result.inserted, updated: result.updated,
            unchanged: result.unchanged)
    }

    /// The changes of `owner` after `after`, which the device says it has applied (recorded as its
    /// acknowledgement). A cursor older than the horizon gets an empty page asking for a full resync,
    /// unless `full` says this is one.
    public func pull(device: UUID, owner: UUID, after: Int64, limit: Int, full: Bool = false) async throws -> SyncPage {
        guard after >= 0 else {
            throw TallyError.invalid(field: "after", reason: "\(after) is not a change sequence number")
        }
        guard (1...Self.maxPageSize).contains(limit) else {
            throw TallyError.invalid(field: "limit", reason: "\(limit) is not between 1 and \(Self.maxPageSize)")
        }
        try await store.claimDevice(device, owner: owner, now: clock.now())
        if !full, after < (try await store.horizon(owner: owner)) {
            return SyncPage(after: after, through: after, records: [], hasMore: false, resync: true)
        }
        if !full { try await store.acknowledge(device: device, owner: owner, through: after) }
        // Compacting first puts the markers of what this acknowledgement completed in this very page.
        try await compact(owner: owner)
        let page = try await store.changes(owner: owner, after: after, limit: limit)
        return SyncPage(
            after: after, through: page.through, records: page.records, purged: page.purged, hasMore: page.hasMore)
    }

    public func digests(device: UUID, owner: UUID) async throws -> [SyncDigest] {
        try await store.claimDevice(device, owner: owner, now: clock.now())
        return try await store.digests(owner: owner)
    }

    public func records(device: UUID, owner: UUID, in buckets: [DigestBucket]) async throws -> [AnyRecord] {
        guard buckets.count <= Self.maxPageSize else {
            throw TallyError.invalid(field: "buckets", reason: "at most \(Self.maxPageSize) at a time")
        }
        try await store.claimDevice(device, owner: owner, now: clock.now())
        return try await store.records(owner: owner, in: buckets)
    }

    /// Compacts the tombstones of `owner` that every device has acknowledged or that are older than the
    /// retention, and forgets markers older than theirs. Returns how many tombstones were compacted.
    @discardableResult
    public func compact(owner: UUID) async throws -> Int {
        let instant = clock.now()
        let now = instant.millisecondsSince1970
        let acknowledged = try await store.devices(owner: owner).map(\.acknowledgedThrough).min() ?? 0
        let compacted = try await store.compactTombstones(
            owner: owner, through: acknowledged,
            orStampedBefore: HLCStamp(millis: now - Int64(retention * 1000), counter: 0), now: instant)
        _ = try await store.expireMarkers(
            owner: owner, stampedBefore: HLCStamp(millis: now - Int64(markerRetention * 1000), counter: 0))
        return compacted
    }

    /// What `tally sync --status` and the status endpoint show of the server side.
    public func status(owner: UUID) async throws -> SyncServerStatus {
        SyncServerStatus(
            userID: owner, latestSequence: try await store.latestSequence(owner: owner),
            horizon: try await store.horizon(owner: owner), devices: try await store.devices(owner: owner))
    }
}

/// The server's view of one user's sync.
public struct SyncServerStatus: Sendable {
    public var userID: UUID
    public var latestSequence: Int64
    public var horizon: Int64
    public var devices: [SyncDevice]
}
