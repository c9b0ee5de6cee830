import Foundation

// The JSON forms of the sync protocol (`openapi.yaml`, `/api/v1/sync/...`). Records travel grouped by
// kind exactly as in a backup (`changes`), so a batch is read and checked by the same code as an import.
// Encode and decode with ``BackupCoding``.

extension SyncBatch: Codable {
    private enum CodingKeys: String, CodingKey {
        case deviceID = "deviceId"
        case through, changes
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        deviceID = try container.decode(UUID.self, forKey: .deviceID)
        through = try container.decode(Int64.self, forKey: .through)
        records = try container.decode(TallyBackup.self, forKey: .changes).allRecords
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(deviceID, forKey: .deviceID)
        try container.encode(through, forKey: .through)
        try container.encode(TallyBackup(records: records), forKey: .changes)
    }
}

extension SyncPage: Codable {
    private enum CodingKeys: String, CodingKey {
        case after, through, hasMore, resync, purged, changes
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        after = try container.decode(Int64.self, forKey: .after)
        through = try container.decode(Int64.self, forKey: .through)
        hasMore = try container.decode(Bool.self, forKey: .hasMore)
        resync = try container.decodeIfPresent(Bool.self, forKey: .resync) ?? false
        purged = try container.decodeIfPresent([UUID].self, forKey: .purged) ?? []
        records = try container.decode(TallyBackup.self, forKey: .changes).allRecords
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(after, forKey: .after)
        try container.encode(through, forKey: .through)
        try container.encode(hasMore, forKey: .hasMore)
        try container.encode(resync, forKey: .resync)
        try container.encode(purged, forKey: .purged)
        try container.encode(TallyBackup(records: records), forKey: .changes)
    }
}

extension SyncPage {
    /// The page in `data`: read by ``SyncEnvelope`` when it is plainly written (as ``SyncJSON`` writes it),
    /// by the decoder otherwise.
    public static func read(from data: Data) throws -> SyncPage {
        if let envelope = SyncEnvelope.read(data), let page = SyncPage(envelope) { return page }
        return try BackupCoding.decoder().decode(SyncPage.self, from: data)
    }

    /// The page an envelope holds, or nil when a member is missing or not what the decoder would take.
    private init?(_ envelope: SyncEnvelope) {
        guard let after = envelope.integer("after"), let through = envelope.integer("through"),
            let hasMore = envelope.bool("hasMore")
        else { return nil }
        // `resync` and `purged` may be absent, as the decoder allows.
        let resync = envelope.fields["resync"] == nil ? false : envelope.bool("resync")
        let purged =
            envelope.fields["purged"] == nil ? [] : envelope.strings("purged")?.map { UUID(text: $0) }
        guard let resync, let purged, !purged.contains(nil) else { return nil }
        self.init(
            after: after, through: through, records: envelope.records, purged: purged.compactMap { $0 },
            hasMore: hasMore, resync: resync)
    }
}
