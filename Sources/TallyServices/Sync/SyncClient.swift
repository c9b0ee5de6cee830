import Foundation
import TallyCore
import TallyStorage

/// A device's side of sync: pushes the outbox (local changes after the pushed cursor) in batches, then
/// pulls the server's changes page by page until it has them all, and now and then compares digests with
/// the server to find and repair drift. Every step is durable before the next starts, so a sync stopped
/// anywhere (a crash, a lost connection) resumes where it stopped, and repeating a step changes nothing.
public struct SyncClient: Sendable {
    public let store: any DeviceSyncStore
    public let transport: any SyncTransport
    public let clock: any WallClock
    public var retry: RetryPolicy
    /// Records per pushed batch and per pulled page.
    public var batchSize = 500
    public var pageSize = 1_000
    /// How long after the last digest comparison a sync compares again.
    public var reconcileEvery: TimeInterval = 24 * 3600
    /// How the bytes of uploaded images travel; without one, only the records that name them do.
    public var images: (any ImageTransport)?

    public init(
        store: any DeviceSyncStore, transport: any SyncTransport, clock: any WallClock, retry: RetryPolicy = .init()
    ) {
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
                try await sendImages(of: page.records, owner: owner)
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

    /// Applies the server's changes after the pulled cursor, page by page. The next page is asked for while
    /// this one is applied, so the network and the server work while the device writes. Asking for it
    /// acknowledges this page a moment early; that is harmless, because a tombstone the server compacts
    /// on the strength of it still reaches this device as a compaction marker in a later page.
    func pull(owner: UUID, into summary: inout SyncSummary) async throws {
        var after = try await currentState().pulledThrough
        var next = fetch(after: after)
        while true {
            let page = try await next.value
            if page.resync { return try await resync(owner: owner, into: &summary) }
            let prefetched = page.hasMore ? fetch(after: page.through) : nil
            let moved: Int64
            do {
                try await apply(page, owner: owner, into: &summary)
                moved = try await currentState().pulledThrough
            } catch {
                await settle(prefetched, cancel: true)
                throw error
            }
            guard page.hasMore, moved > after, let prefetched else {
                await settle(prefetched)
                return
            }
            if moved == page.through {
                next = prefetched
            } else {
                // The page did not move the cursor to its end (an old answer come late): ask again from the cursor.
                await settle(prefetched)
                next = fetch(after: moved)
            }
            after = moved
        }
    }

    /// Asks for the page after `after` (with retries) while the caller goes on.
    private func fetch(after: Int64) -> Task<SyncPage, any Error> {
        Task { [retry, transport, store, pageSize] in
            try await retry.run {
                try await transport.pull(deviceID: store.deviceID, after: after, limit: pageSize, full: false)
            }
        }
    }

    /// Waits for an ask that is no longer wanted (stopping it first when the sync is failing anyway), so a
    /// device never has two requests out at once.
    private func settle(_ task: Task<SyncPage, any Error>?, cancel: Bool = false) async {
        if cancel { task?.cancel() }
        _ = await task?.result
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
        try await fetchImages(of: page.records, owner: owner)
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
