import Foundation
import TallyCore
import TallySQLite
import TallyServices

/// A server and devices on real in-memory SQLite stores, connected directly (no faults), with one
/// clock the test moves.
final class SyncFixture: @unchecked Sendable {
    static let zone = TimeZone(identifier: "Europe/Berlin")!
    let owner = UUID()
    let time = SimTime(start: SyncSimulation.start)
    let server: SQLiteStore
    var service: SyncService
    let serverScope: UserScope

    init() throws {
        server = try SQLiteStore.inMemory()
        service = SyncService(store: server, clock: SkewedClock(time: time, skewMillis: 0))
        serverScope = UserScope(
            store: server, owner: owner, clock: SkewedClock(time: time, skewMillis: 0), machineZone: Self.zone)
    }

    /// A device logged in as the fixture's user, its clock `skewHours` off.
    func device(skewHours: Int = 0) async throws -> Device {
        let store = try SQLiteStore.inMemory()
        try await store.configureSync(serverURL: "test://server", token: nil, owner: owner)
        let clock = SkewedClock(time: time, skewMillis: Int64(skewHours) * 3_600_000)
        let client = SyncClient(
            store: store, transport: DirectTransport(fixture: self), clock: clock,
            retry: RetryPolicy(attempts: 1, sleeper: SimSleeper(time: time)))
        return Device(
            store: store, scope: UserScope(store: store, owner: owner, clock: clock, machineZone: Self.zone),
            client: client)
    }

    struct Device {
        let store: SQLiteStore
        let scope: UserScope
        let client: SyncClient

        @discardableResult
        func sync() async throws -> SyncSummary { try await client.sync() }
    }

    /// Moves every clock forward.
    func advance(hours: Double) { time.advance(by: Int64(hours * 3_600_000)) }
}

/// Calls the fixture's service in process, as the fixture's user.
struct DirectTransport: SyncTransport {
    let fixture: SyncFixture

    func push(_ batch: SyncBatch) async throws -> SyncAck {
        try await fixture.service.push(batch, owner: fixture.owner)
    }

    func pull(deviceID: UUID, after: Int64, limit: Int, full: Bool) async throws -> SyncPage {
        try await fixture.service.pull(device: deviceID, owner: fixture.owner, after: after, limit: limit, full: full)
    }

    func digests(deviceID: UUID) async throws -> [SyncDigest] {
        try await fixture.service.digests(device: deviceID, owner: fixture.owner)
    }

    func records(deviceID: UUID, in buckets: [DigestBucket]) async throws -> [AnyRecord] {
        try await fixture.service.records(device: deviceID, owner: fixture.owner, in: buckets)
    }
}
