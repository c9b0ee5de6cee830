import Foundation

/// What every stored record carries so replicas can sync it: identity, owner, stamps, the device that
/// changed it last, and a tombstone instead of a hard delete.
public struct RecordMeta: Hashable, Codable, Sendable {
    public var id: UUID
    public var ownerID: UUID
    public var createdAt: Date
    public var modifiedAt: Date
    /// The replica (data directory or server) that made the last change.
    public var deviceID: UUID
    /// Hybrid logical clock stamp of the last change; orders changes across replicas.
    public var stamp: HLCStamp
    /// A deleted record stays as a tombstone so the deletion can reach every replica; reads hide it.
    public var isDeleted: Bool

    public init(
        id: UUID, ownerID: UUID, createdAt: Date, modifiedAt: Date, deviceID: UUID, stamp: HLCStamp,
        isDeleted: Bool = false
    ) {
        self.id = id
        self.ownerID = ownerID
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt
        self.deviceID = deviceID
        self.stamp = stamp
        self.isDeleted = isDeleted
    }

    /// Whether a copy with `incoming` metadata should replace a stored copy with this metadata:
    /// a delete wins over any edit, otherwise the later stamp wins, ties broken by device id.
    public func isSuperseded(by incoming: RecordMeta) -> Bool {
        if isDeleted != incoming.isDeleted { return incoming.isDeleted }
        if stamp != incoming.stamp { return stamp < incoming.stamp }
        return deviceID < incoming.deviceID
    }
}

/// The owner of records before accounts exist: every local store belongs to this one user.
public enum LocalUser {
    public static let id = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
}
