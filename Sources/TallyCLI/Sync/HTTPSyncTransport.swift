import Foundation
import TallyCore
import TallyServices

/// The CLI's way to the server: `/api/v1/sync/...` (see `openapi.yaml`).
struct HTTPSyncTransport: SyncTransport, ImageTransport {
    let http: SyncHTTP

    func push(_ batch: SyncBatch) async throws -> SyncAck {
        let data = try await http.send("sync/push", body: try SyncJSON.data(batch))
        return try JSONDecoder().decode(SyncAck.self, from: data)
    }

    func pull(deviceID: UUID, after: Int64, limit: Int, full: Bool) async throws -> SyncPage {
        let request = PullRequest(deviceId: deviceID, after: after, limit: limit, full: full)
        let data = try await http.send("sync/pull", body: try SyncHTTP.encoder().encode(request))
        return try SyncPage.read(from: data)
    }

    func digests(deviceID: UUID) async throws -> [SyncDigest] {
        let data = try await http.send("sync/digests", body: try SyncHTTP.encoder().encode(["deviceId": deviceID]))
        return try JSONDecoder().decode(DigestList.self, from: data).digests.map { digest in
            guard let day = LocalDay(digest.day), let hash = UInt64(digest.hash) else {
                throw TallyError.unreadable("the server sent an unreadable digest")
            }
            return SyncDigest(bucket: DigestBucket(kind: digest.kind, day: day), count: digest.count, hash: hash)
        }
    }

    func records(deviceID: UUID, in buckets: [DigestBucket]) async throws -> [AnyRecord] {
        let request = RecordsRequest(
            deviceId: deviceID, buckets: buckets.map { .init(kind: $0.kind, day: $0.day.description) })
        let data = try await http.send("sync/records", body: try SyncHTTP.encoder().encode(request))
        if let answer = SyncEnvelope.read(data) { return answer.records }
        return try BackupCoding.decoder().decode(RecordsAnswer.self, from: data).changes.allRecords
    }

    func upload(image data: Data) async throws { try await http.upload(image: data) }

    func download(image name: String) async throws -> Data? { try await http.download(image: name) }

    /// The server's status for the token's user.
    func status() async throws -> ServerStatus {
        try BackupCoding.decoder().decode(ServerStatus.self, from: try await http.send("sync/status", body: nil))
    }

    private struct PullRequest: Encodable {
        let deviceId: UUID
        let after: Int64
        let limit: Int
        let full: Bool
    }

    private struct DigestList: Decodable {
        struct Digest: Decodable {
            let kind: String
            let day: String
            let count: Int
            let hash: String
        }
        let digests: [Digest]
    }

    private struct RecordsRequest: Encodable {
        struct Bucket: Encodable {
            let kind: String
            let day: String
        }
        let deviceId: UUID
        let buckets: [Bucket]
    }

    private struct RecordsAnswer: Decodable {
        let changes: TallyBackup
    }

    struct ServerStatus: Decodable {
        let userId: UUID
        let latestSequence: Int64
        let horizon: Int64
    }
}
