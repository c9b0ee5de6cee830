import Foundation
import TallyCore
import TallySQLite
import TallyServices

/// One replica of the simulation: a real SQLite store (in memory) with its own skewed clock, the user's
/// services over it, and, on a device, a sync client talking through the simulated network.
final class SimReplica: @unchecked Sendable {
    let name: String
    let store: SQLiteStore
    let scope: UserScope
    let client: SyncClient?
    /// The store's change sequence up to which writes have been handed to the oracle.
    private var observedThrough: Int64 = 0

    init(name: String, store: SQLiteStore, scope: UserScope, client: SyncClient?) {
        self.name = name
        self.store = store
        self.scope = scope
        self.client = client
    }

    /// Makes a random change and hands what it wrote (and the store committed) to the oracle.
    func change(_ random: SimRandom, oracle: inout SimOracle) async throws {
        try await SimWorkload(scope: scope, random: random).step()
        var after = observedThrough
        while true {
            let page = try await store.changes(owner: scope.owner, after: after, limit: 500)
            // Only this replica's own writes: a server's feed also holds what devices pushed meanwhile.
            for record in page.records where record.meta.deviceID == store.deviceID { oracle.acknowledge(record) }
            after = page.through
            if !page.hasMore { break }
        }
        observedThrough = try await store.lastSequence()
    }

    /// Runs `body` (a sync, a reconcile), failed or not: what it merged was written elsewhere, not here.
    func syncing<T>(_ body: (SyncClient) async throws -> T) async throws -> T {
        guard let client else { preconditionFailure("\(name) is the server") }
        do {
            let result = try await body(client)
            observedThrough = try await store.lastSequence()
            return result
        } catch {
            observedThrough = try await store.lastSequence()
            throw error
        }
    }

    func export() async throws -> Data {
        try await scope.backup.exportJSON()
    }
}
