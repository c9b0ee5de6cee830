import Foundation
import TallyCore

/// A record's place among its owner's records: its kind and id. Ids are unique within an owner's records
/// of a kind; another person may have a record under the same id, which is another record.
public struct RecordRef: Hashable, Sendable {
    public var kind: RecordKind
    public var id: UUID

    public init(kind: RecordKind, id: UUID) {
        self.kind = kind
        self.id = id
    }

    public init(_ record: AnyRecord) { self.init(kind: record.kind, id: record.meta.id) }
}

/// A natural key's place: kind, owner and key.
public struct NaturalKeyRef: Hashable, Sendable {
    public var kind: RecordKind
    public var owner: UUID
    public var key: String

    public init(kind: RecordKind, owner: UUID, key: String) {
        self.kind = kind
        self.owner = owner
        self.key = key
    }

    /// The place of `record`'s natural key, nil for a kind found by id alone.
    public init?(_ record: AnyRecord) {
        guard record.kind.hasNaturalKey, let key = record.naturalKey else { return nil }
        self.init(kind: record.kind, owner: record.meta.ownerID, key: key)
    }
}

/// What a store holds of the records a batch touches, among the records of the batch's one owner: the
/// headers stored under their ids and natural keys, and which of their ids were compacted. A store reads
/// it with ``StoredHeaders/Request`` and hands it to ``SyncEngine``.
public struct StoredHeaders: Sendable {
    public var byID: [RecordRef: RecordMeta]
    public var byNaturalKey: [NaturalKeyRef: RecordMeta]
    public var compacted: Set<UUID>

    public init(
        byID: [RecordRef: RecordMeta] = [:], byNaturalKey: [NaturalKeyRef: RecordMeta] = [:],
        compacted: Set<UUID> = []
    ) {
        self.byID = byID
        self.byNaturalKey = byNaturalKey
        self.compacted = compacted
    }

    /// What to read for a batch.
    public struct Request: Sendable {
        /// Every record's kind and id (a natural key's record too: its id may hold another of its owner's).
        public let ids: [RecordRef]
        public let naturalKeys: [NaturalKeyRef]

        public init(_ records: [AnyRecord]) {
            ids = records.map(RecordRef.init)
            naturalKeys = records.compactMap(NaturalKeyRef.init)
        }
    }

    /// Notes what a planned write leaves stored, for the records after it in the same batch.
    mutating func remember(_ record: AnyRecord, replacing old: RecordMeta?) {
        if let key = NaturalKeyRef(record) {
            if let old, old.id != record.meta.id { byID[RecordRef(kind: key.kind, id: old.id)] = nil }
            byNaturalKey[key] = record.meta
        }
        byID[RecordRef(record)] = record.meta
    }
}
