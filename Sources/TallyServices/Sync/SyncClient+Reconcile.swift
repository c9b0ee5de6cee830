import Foundation
import TallyCore
import TallyStorage

extension SyncClient {
    /// Compares digests (by kind and day) with the server's; for each day that differs, sends this
    /// device's records of it and merges the server's, so both hold the winner of every record. The
    /// safety net under the cursors: it repairs drift whatever caused it. Returns how many buckets differed.
    public func reconcile(owner: UUID) async throws -> Int {
        let theirs = try await retry.run { try await transport.digests(deviceID: store.deviceID) }
        let buckets = SyncDigest.differingBuckets(try await store.digests(owner: owner), theirs)
        if !buckets.isEmpty {
            let mine = try await store.records(owner: owner, in: buckets)
            let pushedThrough = try await store.syncState()?.pushedThrough ?? 0
            for start in stride(from: 0, to: mine.count, by: batchSize) {
                let chunk = Array(mine[start..<min(start + batchSize, mine.count)])
                try await sendImages(of: chunk, owner: owner)
                // Acknowledging the cursor it already has: the repair moves no cursor.
                let batch = SyncBatch(deviceID: store.deviceID, through: pushedThrough, records: chunk)
                _ = try await retry.run { try await transport.push(batch) }
            }
            let remote = try await retry.run { try await transport.records(deviceID: store.deviceID, in: buckets) }
            _ = try await store.merge(remote, now: clock.now())
            try await fetchImages(of: remote, owner: owner)
        }
        try await store.setReconciled(at: clock.now())
        return buckets.count
    }
}
