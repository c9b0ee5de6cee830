import Foundation

/// One page of what a device has not seen yet: the server's changes after the device's cursor, and the
/// ids of tombstones the server has compacted (every replica drops them too and refuses them after).
public struct SyncPage: Hashable, Sendable {
    /// The cursor the page was asked from.
    public var after: Int64
    /// The server sequence number the page runs up to: the device's next cursor.
    public var through: Int64
    public var records: [AnyRecord]
    public var purged: [UUID]
    public var hasMore: Bool
    /// The device's cursor is older than what the server still remembers of deletions: it must push its
    /// changes, pull everything from the start and drop what the server no longer has.
    public var resync: Bool

    public init(
        after: Int64, through: Int64, records: [AnyRecord], purged: [UUID] = [], hasMore: Bool, resync: Bool = false
    ) {
        self.after = after
        self.through = through
        self.records = records
        self.purged = purged
        self.hasMore = hasMore
        self.resync = resync
    }
}
