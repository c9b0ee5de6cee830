import Foundation

/// What one sync did, as `tally sync --json` prints it (the field names are stable).
public struct SyncSummary: Hashable, Codable, Sendable {
    /// Local changes the server acknowledged.
    public var pushed = 0
    /// Records received from the server.
    public var pulled = 0
    /// Of those, how many were new here or replaced what was here.
    public var applied = 0
    /// Compacted tombstones dropped here.
    public var purged = 0
    /// Whether this sync had to resync in full, and how many local records it dropped doing so.
    public var resynced = false
    public var removed = 0
    /// Day buckets whose digests differed from the server's and were repaired (nil: not compared this time).
    public var repairedBuckets: Int?

    public init() {}
}
