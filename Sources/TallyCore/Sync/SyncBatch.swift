import Foundation

/// What a device sends: its changes since the last acknowledged point, and the sequence number (in the
/// device's own change feed) of the last of them. The receiver merges the records durably, then answers
/// ``SyncAck/appliedThrough`` with that number.
public struct SyncBatch: Hashable, Sendable {
    public var deviceID: UUID
    /// The device's change sequence number the batch runs up to.
    public var through: Int64
    public var records: [AnyRecord]

    public init(deviceID: UUID, through: Int64, records: [AnyRecord]) {
        self.deviceID = deviceID
        self.through = through
        self.records = records
    }
}

/// The receiver's answer to a batch, sent only after the merge is committed.
public struct SyncAck: Hashable, Codable, Sendable {
    /// The batch's `through`: the device may forget its changes up to here.
    public var appliedThrough: Int64
    public var inserted: Int
    public var updated: Int
    public var unchanged: Int

    public init(appliedThrough: Int64, inserted: Int = 0, updated: Int = 0, unchanged: Int = 0) {
        self.appliedThrough = appliedThrough
        self.inserted = inserted
        self.updated = updated
        self.unchanged = unchanged
    }
}
