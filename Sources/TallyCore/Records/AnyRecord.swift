import Foundation

/// A stored record of any kind, as storage lists it for sync and export.
public struct AnyRecord: Hashable, Sendable {
    public private(set) var base: any SyncedRecord
    /// The record's kind, kept beside it: merges ask for it several times a record.
    public let kind: RecordKind

    public init<Record: SyncedRecord>(_ record: Record) {
        base = record
        kind = Record.kind
    }

    /// Wraps a record whose kind is only known at run time.
    public init(any record: any SyncedRecord) {
        base = record
        kind = type(of: record).kind
    }

    public var meta: RecordMeta {
        get { base.meta }
        set { base.meta = newValue }
    }

    public var naturalKey: String? { base.naturalKey }
    public var searchKey: Int64? { base.searchKey }
    public var imageNames: [String] { base.imageNames }

    /// The record, when it is of kind `type`.
    public func `as`<Record: SyncedRecord>(_ type: Record.Type) -> Record? { base as? Record }

    /// The record checked as if typed in (see ``SyncedRecord/validated(in:)``).
    public func validated(in batch: RecordBatch) throws(TallyError) -> AnyRecord {
        AnyRecord(any: try base.validated(in: batch))
    }

    public static func == (lhs: AnyRecord, rhs: AnyRecord) -> Bool { lhs.base.isEqual(to: rhs.base) }

    public func hash(into hasher: inout Hasher) { hasher.combine(base) }
}

extension SyncedRecord {
    fileprivate func isEqual(to other: any SyncedRecord) -> Bool { (other as? Self) == self }
}
