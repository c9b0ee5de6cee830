import Foundation

/// One record as JSON, the same form it has in a backup: how a database that keeps records whole (rather
/// than a column per field) stores them.
public enum RecordCoding {
    /// The record's JSON, compact. Water entries and bathroom events, the kinds with long histories, are
    /// written directly, byte for byte what the encoder makes of them.
    public static func encode(_ record: AnyRecord) throws -> Data {
        var text = BackupRecordText(capacity: 384, compact: true)
        if text.append(record.base) { return Data(text.bytes) }
        return try encodedByEncoder(record)
    }

    /// ``encode(_:)`` by the JSON encoder alone.
    static func encodedByEncoder(_ record: AnyRecord) throws -> Data {
        try encoder.encode(record.base)
    }

    /// A record of the kind identified by `kind` from its JSON. What ``encode(_:)`` wrote directly is
    /// read back directly.
    public static func decode(kind: String, from data: Data) throws -> AnyRecord {
        if let record = CompactRecordReader.record(kind: kind, from: data) { return record }
        return try decodedByDecoder(kind: kind, from: data)
    }

    /// ``decode(kind:from:)`` by the JSON decoder alone.
    static func decodedByDecoder(kind: String, from data: Data) throws -> AnyRecord {
        guard let type = RecordKinds.type(withID: kind) else {
            throw TallyError.unreadable("'\(kind)' is not a kind of record this version of Tally knows")
        }
        return try type.decodeRecord(from: data, decoder: decoder)
    }

    private static let encoder: JSONEncoder = {
        let encoder = BackupCoding.encoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    private static let decoder = BackupCoding.decoder()
}

extension SyncedRecord {
    fileprivate static func decodeRecord(from data: Data, decoder: JSONDecoder) throws -> AnyRecord {
        AnyRecord(try decoder.decode(Self.self, from: data))
    }
}
