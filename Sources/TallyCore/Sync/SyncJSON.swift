import Foundation

/// The JSON of sync messages (`openapi.yaml`'s `SyncPush` and `SyncPage`, and the answer of
/// `sync/records`), compact, written directly: the records of the kinds with long histories by
/// ``BackupRecordText``, the others by the records' own encoder. It reads back, with
/// ``BackupCoding/decoder()`` or faster with ``SyncEnvelope``, as the message it was written from.
///
/// The server answers `sync/pull` with it, and a device pushes with it: a first sync of a long history is
/// a hundred pages of a thousand records, and going through the generated API types (records encoded,
/// decoded into a free-form object, then encoded again) cost about 300 ms a page.
public enum SyncJSON {
    public static func data(_ page: SyncPage) throws -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256 + page.records.count * 320)
        bytes.append(contentsOf: "{\"after\":\(page.after),\"changes\":".utf8)
        try appendChanges(page.records, to: &bytes)
        bytes.append(contentsOf: ",\"hasMore\":\(page.hasMore),\"purged\":[".utf8)
        for (index, id) in page.purged.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "\""))
            id.appendText(to: &bytes)
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append(contentsOf: "],\"resync\":\(page.resync),\"through\":\(page.through)}".utf8)
        return Data(bytes)
    }

    /// A device's batch (`SyncPush`).
    public static func data(_ batch: SyncBatch) throws -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256 + batch.records.count * 320)
        bytes.append(contentsOf: "{\"changes\":".utf8)
        try appendChanges(batch.records, to: &bytes)
        bytes.append(contentsOf: ",\"deviceId\":\"".utf8)
        batch.deviceID.appendText(to: &bytes)
        bytes.append(contentsOf: "\",\"through\":\(batch.through)}".utf8)
        return Data(bytes)
    }

    /// The answer of `sync/records`: `{"changes": ...}`.
    public static func data(changes records: [AnyRecord]) throws -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256 + records.count * 320)
        bytes.append(contentsOf: "{\"changes\":".utf8)
        try appendChanges(records, to: &bytes)
        bytes.append(UInt8(ascii: "}"))
        return Data(bytes)
    }

    /// The records as a backup's top level (`format`, `version` and an array for every kind, keys sorted),
    /// each kind in the backup's order.
    static func appendChanges(_ records: [AnyRecord], to bytes: inout [UInt8]) throws {
        let byKind = Dictionary(grouping: TallyBackup(records: records).allRecords, by: \.kind.backupKey)
        let keys = TallyBackup.keys.sorted()
        bytes.append(UInt8(ascii: "{"))
        for (index, key) in keys.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: "\"\(key)\":".utf8)
            switch key {
            case "format": bytes.append(contentsOf: "\"\(TallyBackup.formatName)\"".utf8)
            case "version": bytes.append(contentsOf: String(TallyBackup.currentVersion).utf8)
            default:
                bytes.append(UInt8(ascii: "["))
                for (position, record) in (byKind[key] ?? []).enumerated() {
                    if position > 0 { bytes.append(UInt8(ascii: ",")) }
                    bytes.append(contentsOf: try RecordCoding.encode(record))
                }
                bytes.append(UInt8(ascii: "]"))
            }
        }
        bytes.append(UInt8(ascii: "}"))
    }
}
