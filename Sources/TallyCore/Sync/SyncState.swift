import Foundation

/// A device's sync settings and progress, kept in its own store so they survive restarts.
///
/// The outbox is the device's change feed after ``pushedThrough``; what the server has sent is applied
/// up to ``pulledThrough`` (a server sequence number).
public struct SyncState: Hashable, Sendable {
    public var serverURL: String
    /// The device token sent as `Authorization: Bearer`; nil while the server asks for none.
    public var token: String?
    /// The user this device's records belong to (the account it logged in as).
    public var ownerID: UUID
    /// The device's own change sequence number up to which the server has acknowledged its changes.
    public var pushedThrough: Int64
    /// The server's change sequence number up to which this device has applied the server's changes.
    public var pulledThrough: Int64
    /// A full resync was started and has not finished: the next sync starts it again from the beginning.
    public var resyncPending: Bool
    /// When digests were last compared with the server's (this device's clock).
    public var reconciledAt: Date?

    public init(
        serverURL: String, token: String?, ownerID: UUID, pushedThrough: Int64 = 0, pulledThrough: Int64 = 0,
        resyncPending: Bool = false, reconciledAt: Date? = nil
    ) {
        self.serverURL = serverURL
        self.token = token
        self.ownerID = ownerID
        self.pushedThrough = pushedThrough
        self.pulledThrough = pulledThrough
        self.resyncPending = resyncPending
        self.reconciledAt = reconciledAt
    }
}

/// A device as the server knows it: whose it is and how far it has acknowledged the server's changes.
public struct SyncDevice: Hashable, Sendable {
    public var id: UUID
    public var ownerID: UUID
    /// The server sequence number up to which the device has applied everything.
    public var acknowledgedThrough: Int64
    public var lastSeen: Date

    public init(id: UUID, ownerID: UUID, acknowledgedThrough: Int64, lastSeen: Date) {
        self.id = id
        self.ownerID = ownerID
        self.acknowledgedThrough = acknowledgedThrough
        self.lastSeen = lastSeen
    }
}
