import Foundation

/// A lossless copy of one user's records, tombstones included, in a stable order so that the same data
/// always gives the same file. Records are grouped by kind under each kind's ``RecordKind/backupKey``;
/// a kind absent from a file (one added after the file was written) reads as empty, so an older backup
/// still imports, and a field this version does not know is ignored.
public struct TallyBackup: Codable, Hashable, Sendable {
    public static let formatName = "tally-backup"
    public static let currentVersion = 1

    /// Every key a backup's top level may hold.
    public static let keys = Set(["format", "version"] + RecordKinds.all.map { $0.kind.backupKey })

    public var format: String
    public var version: Int
    /// Every record as read, unchecked and with the owners it came with, kind by kind in the order of
    /// ``RecordKinds/all``: for callers that must look at the owners before ``records(for:now:)`` checks
    /// the fields and sets them.
    public private(set) var allRecords: [AnyRecord]

    /// Records in a stable order: kind by kind, each kind by its ``SyncedRecord/backupOrder(_:_:)``.
    public init(records: [AnyRecord]) {
        format = Self.formatName
        version = Self.currentVersion
        let byKind = Dictionary(grouping: records, by: \.kind.id)
        allRecords = RecordKinds.all.flatMap { kind in kind.sorted(byKind[kind.kind.id] ?? []) }
    }

    /// The backup's records of one kind, in the backup's order.
    public func records<Record: SyncedRecord>(of type: Record.Type) -> [Record] {
        allRecords.compactMap { $0.as(Record.self) }
    }

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }

        static let format = Key(stringValue: "format")
        static let version = Key(stringValue: "version")
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        format = try container.decode(String.self, forKey: .format)
        version = try container.decode(Int.self, forKey: .version)
        allRecords = try RecordKinds.all.flatMap { kind in
            try kind.decodeAll(from: container, key: Key(stringValue: kind.kind.backupKey))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(format, forKey: .format)
        try container.encode(version, forKey: .version)
        let byKind = Dictionary(grouping: allRecords, by: \.kind.id)
        for kind in RecordKinds.all {
            try kind.encodeAll(byKind[kind.kind.id] ?? [], to: &container, key: Key(stringValue: kind.kind.backupKey))
        }
    }

    /// How far ahead of this replica's clock a stamp may be; anything further would drag the clock.
    public static let maxStampLead: TimeInterval = 24 * 3600

    /// Every record, checked as if it were typed in, and given to `owner`.
    public func records(for owner: UUID, now: Date) throws(TallyError) -> [AnyRecord] {
        try Self.checkHeader(format: format, version: version)
        return try Self.checked(allRecords, for: owner, now: now)
    }

    /// `records` checked as a backup's are and given to `owner`, in the order they came: a sync batch is
    /// checked this way, without first being sorted into a backup's order.
    public static func checked(_ records: [AnyRecord], for owner: UUID, now: Date) throws(TallyError) -> [AnyRecord] {
        let batch = RecordBatch(records)
        var result: [AnyRecord] = []
        result.reserveCapacity(records.count)
        for record in records { result.append(try checked(record, in: batch, for: owner, now: now)) }
        return result
    }

    /// Refuses a file that is not a backup, or one of a version newer than this Tally reads.
    public static func checkHeader(format: String, version: Int) throws(TallyError) {
        guard format == formatName else { throw .unreadable("not a Tally backup (format is '\(format)')") }
        guard version <= currentVersion else {
            throw .unreadable("backup version \(version) is newer than this Tally reads (\(currentVersion))")
        }
    }

    /// `record` checked as if it were typed in (`batch` holds the records it may name) and given to `owner`;
    /// one changed more than ``maxStampLead`` ahead of `now` is refused.
    public static func checked(
        _ record: AnyRecord, in batch: RecordBatch, for owner: UUID, now: Date
    ) throws(TallyError) -> AnyRecord {
        var checked = try record.validated(in: batch)
        checked.meta.ownerID = owner
        guard checked.meta.stamp.millis <= now.addingTimeInterval(maxStampLead).millisecondsSince1970 else {
            throw .invalid(
                field: "stamp",
                reason: "\(checked.kind) \(checked.meta.id) was changed more than 24 hours in the future")
        }
        return checked
    }
}

extension SyncedRecord {
    fileprivate static func sorted(_ records: [AnyRecord]) -> [AnyRecord] {
        records.compactMap { $0.as(Self.self) }.sorted(by: backupOrder).map(AnyRecord.init)
    }

    fileprivate static func decodeAll<Key: CodingKey>(
        from container: KeyedDecodingContainer<Key>, key: Key
    ) throws
        -> [AnyRecord]
    {
        (try container.decodeIfPresent([Self].self, forKey: key) ?? []).map(AnyRecord.init)
    }

    fileprivate static func encodeAll<Key: CodingKey>(
        _ records: [AnyRecord], to container: inout KeyedEncodingContainer<Key>, key: Key
    ) throws {
        try container.encode(records.compactMap { $0.as(Self.self) }, forKey: key)
    }
}
