import Foundation
import TallyCore
import TallyServices

/// Sync endpoints (`/api/v1/sync/...`) over ``SyncService``.
extension TallyAPI {
    /// The user a sync request acts for: the owner of the device token (or session) that signed it. The
    /// service never takes the owner from the records.
    func syncOwner() throws -> UUID { try user.id }

    var syncService: SyncService {
        get throws { SyncService(store: scopes.store, clock: scopes.clock, reading: try scope.reading) }
    }

    func syncPush(_ input: Operations.SyncPush.Input) async throws -> Operations.SyncPush.Output {
        guard case .json(let body) = input.body else { throw TallyError.unreadable("send application/json") }
        // The records of a batch read by `SyncJSONMiddleware` are in its slot, not in the body.
        let records = try SyncJSONMiddleware.slot?.pushed ?? APIValue.records(body.changes)
        let batch = SyncBatch(deviceID: try APIValue.deviceID(body.deviceId), through: body.through, records: records)
        let ack = try await (try syncService).push(batch, owner: try syncOwner())
        return .ok(
            .init(
                body: .json(
                    .init(
                        appliedThrough: ack.appliedThrough, inserted: ack.inserted, updated: ack.updated,
                        unchanged: ack.unchanged))))
    }

    func syncPull(_ input: Operations.SyncPull.Input) async throws -> Operations.SyncPull.Output {
        guard case .json(let body) = input.body else { throw TallyError.unreadable("send application/json") }
        var page = try await (try syncService).pull(
            device: try APIValue.deviceID(body.deviceId), owner: try syncOwner(), after: body.after,
            limit: body.limit ?? SyncService.maxPageSize, full: body.full ?? false)
        // The records are written by `SyncJSONMiddleware`, when it serves the request.
        if let slot = SyncJSONMiddleware.slot {
            slot.answer.withLock { $0 = .page(page) }
            page.records = []
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        after: page.after, through: page.through, hasMore: page.hasMore, resync: page.resync,
                        purged: page.purged.map(\.text), changes: try APIValue.changes(page.records)))))
    }

    func syncDigests(_ input: Operations.SyncDigests.Input) async throws -> Operations.SyncDigests.Output {
        guard case .json(let body) = input.body else { throw TallyError.unreadable("send application/json") }
        let digests = try await (try syncService).digests(
            device: try APIValue.deviceID(body.deviceId), owner: try syncOwner())
        return .ok(
            .init(
                body: .json(
                    .init(
                        digests: digests.map { digest in
                            .init(
                                kind: digest.bucket.kind, day: digest.bucket.day.description, count: digest.count,
                                hash: String(digest.hash))
                        }))))
    }

    func syncRecords(_ input: Operations.SyncRecords.Input) async throws -> Operations.SyncRecords.Output {
        guard case .json(let body) = input.body else { throw TallyError.unreadable("send application/json") }
        let buckets = try body.buckets.map { bucket throws(TallyError) in try APIValue.bucket(bucket) }
        var records = try await (try syncService).records(
            device: try APIValue.deviceID(body.deviceId), owner: try syncOwner(), in: buckets)
        if let slot = SyncJSONMiddleware.slot {
            slot.answer.withLock { $0 = .records(records) }
            records = []
        }
        return .ok(.init(body: .json(.init(changes: try APIValue.changes(records)))))
    }

    func syncStatus(_ input: Operations.SyncStatus.Input) async throws -> Operations.SyncStatus.Output {
        let status = try await (try syncService).status(owner: try syncOwner())
        return .ok(
            .init(
                body: .json(
                    .init(
                        userId: status.userID.text, latestSequence: status.latestSequence,
                        horizon: status.horizon,
                        devices: status.devices.map { device in
                            .init(
                                id: device.id.text, acknowledgedThrough: device.acknowledgedThrough,
                                lastSeen: device.lastSeen)
                        }))))
    }
}
