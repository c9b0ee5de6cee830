import Foundation

/// One record as JSON, the same form it has in a backup: how a database that keeps records whole (rather
/// than a column per field) stores them.
public enum RecordCoding {
    /// The record's JSON, compact.
    public static func encode(_ record: AnyRecord) throws -> Data {
        try encoder.encode(record.base)
    }

    /// A record of the kind identified by `kind` from its JSON.
    public static func decode(kind: String, from data: Data) throws -> AnyRecord {
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
