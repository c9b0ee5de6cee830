import Foundation
import TallyCore
import TallyStorage

/// A device's side of sync: pushes the outbox (local changes after the pushed cursor) in batches, then
/// pulls the server's changes page by page until it has them all, and now and then compares digests with
/// the server to find and repair drift. Every step is durable before the next starts, so a sync stopped
/// anywhere (a crash, a lost connection) resumes where it stopped, and repeating a step changes nothing.
public struct SyncClient: Sendable {
    public let store: any TallyStore
    public let transport: any SyncTransport
    public let clock: any WallClock
    public var retry: RetryPolicy
    /// Records per pushed batch and per pulled page.
    public var batchSize = 500
    public var pageSize = 1_000
    /// How long after the last digest comparison a sync compares again.
    public var reconcileEvery: TimeInterval = 24 * 3600

    public init(store: any TallyStore, transport: any SyncTransport, clock: any WallClock, retry: RetryPolicy = .init())
    {
        self.store = store
        self.transport = transport
        self.clock = clock
        self.retry = retry
    }

    /// Pushes, then pulls (in full when the server asks for it), then reconciles when it is due or `reconcile`.
    public func sync(reconcile: Bool = false) async throws -> SyncSummary {
        let state = try await currentState()
        var summary = SyncSummary()
        summary.pushed = try await push(owner: state.ownerID)
        if state.resyncPending {
            try await resync(owner: state.ownerID, into: &summary)
        } else {
            try await pull(owner: state.ownerID, into: &summary)
        }
        let due = state.reconciledAt.map { clock.now().timeIntervalSince($0) >= reconcileEvery } ?? true
        if reconcile || (due && state.pulledThrough > 0) {
            summary.repairedBuckets = try await self.reconcile(owner: state.ownerID)
        } else if due {
            // A first sync has just taken everything from the start: nothing is left to compare.
            try await store.setReconciled(at: clock.now())
        }
        return summary
    }

    /// Sends every local change after the pushed cursor; returns how many the server acknowledged.
    public func push(owner: UUID) async throws -> Int {
        var after = try await currentState().pushedThrough
        var pushed = 0
        while true {
            let page = try await store.changes(owner: owner, after: after, limit: batchSize)
            if !page.records.isEmpty {
                let batch = SyncBatch(deviceID: store.deviceID, through: page.through, records: page.records)
                let ack = try await retry.run { try await transport.push(batch) }
                guard ack.appliedThrough == page.through else {
                    throw TallyError.unreadable("the server acknowledged \(ack.appliedThrough), not \(page.through)")
                }
                pushed += page.records.count
            }
            if page.through > after { try await store.recordPushed(through: page.through) }
            after = page.through
            if !page.hasMore { return pushed }
        }
    }

    /// Applies the server's changes after the pulled cursor, page by page.
    func pull(owner: UUID, into summary: inout SyncSummary) async throws {
        var after = try await currentState().pulledThrough
        while true {
            let page = try await retry.run {
                try await transport.pull(deviceID: store.deviceID, after: after, limit: pageSize, full: false)
            }
            if page.resync { return try await resync(owner: owner, into: &summary) }
            try await apply(page, owner: owner, into: &summary)
            let moved = try await currentState().pulledThrough
            guard page.hasMore, moved > after else { return }
            after = moved
        }
    }

    /// The device's cursor is older than what the server remembers of deletions: having pushed its own
    /// changes, it takes everything from the start and drops what the server no longer has (tombstones
    /// compacted and forgotten there), so nothing deleted elsewhere lives on here.
    func resync(owner: UUID, into summary: inout SyncSummary) async throws {
        try await store.setResyncPending(true)
        let mark = try await store.lastSequence()
        var kept = Set<UUID>()
        var after: Int64 = 0
        while true {
            let page = try await retry.run {
                try await transport.pull(deviceID: store.deviceID, after: after, limit: pageSize, full: true)
            }
            try await apply(page, owner: owner, into: &summary)
            kept.formUnion(page.records.map(\.meta.id))
            after = page.through
            if !page.hasMore { break }
        }
        summary.removed += try await store.removeRecords(owner: owner, except: kept, throughSequence: mark)
        summary.resynced = true
        try await store.setResyncPending(false)
    }

    private func apply(_ page: SyncPage, owner: UUID, into summary: inout SyncSummary) async throws {
        let result = try await store.applyPulled(page, owner: owner, now: clock.now())
        summary.pulled += page.records.count
        summary.applied += result.inserted + result.updated
        summary.purged += page.purged.count
    }

    private func currentState() async throws -> SyncState {
        guard let state = try await store.syncState() else {
            throw TallyError.invalid(
                field: "server", reason: "this data directory is not logged in; run tally login URL")
        }
        return state
    }
}
