import Foundation
import TallyCore
import TallyServices

/// A device's way to a ``SyncService`` in the same process, with every message encoded to the JSON the
/// HTTP API carries and decoded again as the device and the server do (batches and pages by `SyncJSON`
/// and `SyncEnvelope`), so the figures include the wire format (not the sockets).
struct WireTransport: SyncTransport {
    let service: SyncService
    let owner: UUID

    func push(_ batch: SyncBatch) async throws -> SyncAck {
        guard let read = SyncEnvelope.read(try SyncJSON.data(batch)) else { throw WireError.unread }
        return try await service.push(
            SyncBatch(deviceID: batch.deviceID, through: read.integer("through") ?? -1, records: read.records),
            owner: owner)
    }

    func pull(deviceID: UUID, after: Int64, limit: Int, full: Bool) async throws -> SyncPage {
        try SyncPage.read(
            from: try SyncJSON.data(
                try await service.pull(device: deviceID, owner: owner, after: after, limit: limit, full: full)))
    }

    func digests(deviceID: UUID) async throws -> [SyncDigest] {
        try Self.roundTrip(try await service.digests(device: deviceID, owner: owner))
    }

    func records(deviceID: UUID, in buckets: [DigestBucket]) async throws -> [AnyRecord] {
        let records = try await service.records(device: deviceID, owner: owner, in: buckets)
        guard let read = SyncEnvelope.read(try SyncJSON.data(changes: records)) else { throw WireError.unread }
        return read.records
    }

    enum WireError: Error {
        case unread
    }

    private static let encoder = {
        let encoder = BackupCoding.encoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    private static func roundTrip<T: Codable>(_ value: T) throws -> T {
        try BackupCoding.decoder().decode(T.self, from: try encoder.encode(value))
    }
}
