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

    private enum CodingKeys: String, CodingKey {
        case id, ownerID, createdAt, modifiedAt, deviceID, stamp, isDeleted
    }

    /// What the synthesized decoding did, but reading the ids with ``UUID/init(text:)``: every record of
    /// a sync or a backup carries three.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func id(_ key: CodingKeys) throws -> UUID {
            guard let id = UUID(text: try container.decode(String.self, forKey: key)) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: "Attempted to decode UUID from invalid UUID string.")
            }
            return id
        }
        self.init(
            id: try id(.id), ownerID: try id(.ownerID),
            createdAt: try container.decode(Date.self, forKey: .createdAt),
            modifiedAt: try container.decode(Date.self, forKey: .modifiedAt), deviceID: try id(.deviceID),
            stamp: try container.decode(HLCStamp.self, forKey: .stamp),
            isDeleted: try container.decode(Bool.self, forKey: .isDeleted))
    }

    /// What the synthesized encoding wrote, in its order, with the ids written by ``UUID/text``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id.text, forKey: .id)
        try container.encode(ownerID.text, forKey: .ownerID)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(modifiedAt, forKey: .modifiedAt)
        try container.encode(deviceID.text, forKey: .deviceID)
        try container.encode(stamp, forKey: .stamp)
        try container.encode(isDeleted, forKey: .isDeleted)
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
    public static let id = UUID(text: "00000000-0000-0000-0000-000000000001")!
}
