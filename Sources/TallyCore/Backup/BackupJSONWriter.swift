import Foundation

/// A backup's JSON made a piece at a time, byte for byte what ``BackupCoding/encoder()`` makes of the
/// whole ``TallyBackup``, so a backup of any size is written holding only a stretch of its records.
///
/// The top level comes from the encoder's own encoding of a skeleton whose arrays are markers (so the keys
/// are in its order and spacing); each kind's array from its encoding of the records a chunk at a time, at
/// the depth the whole backup puts them.
public struct BackupJSONWriter {
    /// A piece of the top level: text as it is, or the place of one kind's array of records.
    public enum Piece {
        case text(Data)
        case records(any SyncedRecord.Type)
    }

    /// The whole backup, in order.
    public let pieces: [Piece]

    /// What opens a kind's array, goes between two chunks of its records, and closes it.
    public static let open = Data("[\n".utf8)
    public static let separator = Data(",\n".utf8)
    public static let close = Data("\n  ]".utf8)

    public init() throws {
        let marker = "@@tally-records@@"
        let skeleton = try BackupCoding.encoder().encode(Skeleton(marker: marker))
        var pieces: [Piece] = []
        var rest = Substring(String(decoding: skeleton, as: UTF8.self))
        let quoted = "\"\(marker)"
        while let start = rest.range(of: quoted) {
            pieces.append(.text(Data(rest[..<start.lowerBound].utf8)))
            let afterMarker = rest[start.upperBound...]
            guard let end = afterMarker.firstIndex(of: "\""),
                let kind = RecordKinds.all.first(where: { $0.kind.backupKey == afterMarker[..<end] })
            else { preconditionFailure("a skeleton marker names a kind") }
            pieces.append(.records(kind))
            rest = afterMarker[afterMarker.index(after: end)...]
        }
        pieces.append(.text(Data(rest.utf8)))
        self.pieces = pieces
    }

    /// A chunk of one kind's records, in the backup's order, as its array holds them (without the
    /// array's opening and closing, see ``open``, ``separator`` and ``close``).
    public static func elements<Record: SyncedRecord>(_ records: [Record]) throws -> Data {
        guard !records.isEmpty else { return Data() }
        var text = BackupRecordText(capacity: records.count * 480)
        for (index, record) in records.enumerated() {
            if index > 0 { text.separate() }
            guard text.append(record) else { return try encoded(records) }
        }
        return Data(text.bytes)
    }

    /// ``elements(_:)`` as the encoder makes them.
    static func encoded<Record: SyncedRecord>(_ records: [Record]) throws -> Data {
        let whole = try BackupCoding.encoder().encode(["k": records])
        let head = Data("{\n  \"k\" : [\n".utf8).count
        let tail = Data("\n  ]\n}".utf8).count
        guard !records.isEmpty, whole.count > head + tail else { return Data() }
        return whole.subdata(in: head..<(whole.count - tail))
    }

    /// The top level with a marker naming each kind where its array goes.
    private struct Skeleton: Encodable {
        let marker: String

        private struct Key: CodingKey {
            let stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(TallyBackup.formatName, forKey: Key(stringValue: "format"))
            try container.encode(TallyBackup.currentVersion, forKey: Key(stringValue: "version"))
            for kind in RecordKinds.all {
                try container.encode(marker + kind.kind.backupKey, forKey: Key(stringValue: kind.kind.backupKey))
            }
        }
    }
}
