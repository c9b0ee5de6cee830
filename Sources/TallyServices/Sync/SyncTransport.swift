import Foundation
import TallyCore

/// How a device reaches the server's ``SyncService``: HTTP for the CLI, in process for the simulation.
/// A transport throws ``SyncTransportError/unreachable(_:)`` when the message may not have arrived (the
/// client retries it); anything else (a refusal from the server) is passed on as it is.
public protocol SyncTransport: Sendable {
    func push(_ batch: SyncBatch) async throws -> SyncAck

    /// The server's changes after `after`; `full` asks for them even from before the horizon (a resync).
    func pull(deviceID: UUID, after: Int64, limit: Int, full: Bool) async throws -> SyncPage

    func digests(deviceID: UUID) async throws -> [SyncDigest]

    func records(deviceID: UUID, in buckets: [DigestBucket]) async throws -> [AnyRecord]
}

/// How a device sends and fetches the bytes of uploaded images, which records name by content hash.
public protocol ImageTransport: Sendable {
    /// Gives the server an image's bytes; it keeps them once under their hash whatever it had.
    func upload(image data: Data) async throws

    /// The bytes of the image called `name`, or nil when the server has none.
    func download(image name: String) async throws -> Data?
}

public enum SyncTransportError: Error, Equatable, CustomStringConvertible {
    /// The server could not be reached, or its answer was lost: worth trying again.
    case unreachable(String)

    public var description: String {
        switch self {
        case .unreachable(let reason): "the server cannot be reached: \(reason)"
        }
    }
}
