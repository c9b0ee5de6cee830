import Foundation
import TallyCore
import TallyServices

/// A device crashed in the middle of a sync: whatever it had not committed is gone. Not retried.
struct SimCrash: Error {}

/// The network between the devices and the server. Each message may be dropped before it arrives, lose
/// its answer after the server committed it (the server or the device crashed between commit and
/// acknowledgement), be delivered twice, or be held back and delivered later, out of order, after the
/// sender gave up on it. An old answer may come back to a later request. A partitioned device reaches nothing.
final class SimNetwork: @unchecked Sendable {
    let server: SyncService
    let owner: UUID
    let random: SimRandom
    private let lock = NSLock()
    private var partitioned: Set<UUID> = []
    private var held: [@Sendable () async -> Void] = []
    private var oldPages: [UUID: [SyncPage]] = [:]
    private(set) var faultsOn = true
    private(set) var counts: [String: Int] = [:]

    init(server: SyncService, owner: UUID, random: SimRandom) {
        self.server = server
        self.owner = owner
        self.random = random
    }

    func transport(for device: UUID) -> SimTransport { SimTransport(network: self, device: device) }

    func setPartitioned(_ device: UUID, _ cut: Bool) {
        locked { if cut { partitioned.insert(device) } else { partitioned.remove(device) } }
    }

    /// No more faults or partitions: the end of a schedule, when everything must converge.
    func heal() {
        locked {
            faultsOn = false
            partitioned = []
        }
    }

    /// Delivers some held-back messages, in random order.
    func deliverHeld(all: Bool = false) async {
        let due: [@Sendable () async -> Void] = locked {
            let shuffled = random.shuffled(held)
            let count = all ? shuffled.count : random.int(0...shuffled.count)
            held = Array(shuffled.dropFirst(count))
            return Array(shuffled.prefix(count))
        }
        for message in due { await message() }
    }

    /// Sends one request from `device` through the faults; `message` runs it on the server.
    func exchange<T: Sendable>(
        from device: UUID, _ message: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let (cut, faults) = locked { (partitioned.contains(device), faultsOn) }
        if cut { throw count("partitioned", SyncTransportError.unreachable("partitioned")) }
        guard faults else { return try await message() }
        switch random.int(0...99) {
        case 0..<5: throw count("dropped", SyncTransportError.unreachable("request lost"))
        case 5..<9:
            locked { held.append { _ = try? await message() } }
            throw count("delayed", SyncTransportError.unreachable("timed out"))
        case 9..<14:
            _ = try await message()
            throw count("answer lost", SyncTransportError.unreachable("answer lost"))
        case 14..<17:
            _ = try await message()
            throw count("crashed", SimCrash())
        case 17..<21:
            _ = try? await message()
            bump("duplicated")
            return try await message()
        default: return try await message()
        }
    }

    /// A pull, which may also be answered with an older page for the same device.
    func pull(from device: UUID, after: Int64, limit: Int, full: Bool) async throws -> SyncPage {
        let page = try await exchange(from: device) { [server, owner] in
            try await server.pull(device: device, owner: owner, after: after, limit: limit, full: full)
        }
        return locked {
            let old = oldPages[device, default: []]
            oldPages[device] = Array((old + [page]).suffix(4))
            guard faultsOn, random.int(0...99) < 4, let stale = random.pick(old) else { return page }
            counts["stale page", default: 0] += 1
            return stale
        }
    }

    private func count<E: Error>(_ name: String, _ error: E) -> E {
        bump(name)
        return error
    }

    private func bump(_ name: String) { locked { counts[name, default: 0] += 1 } }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}

/// One device's end of the simulated network.
struct SimTransport: SyncTransport {
    let network: SimNetwork
    let device: UUID

    func push(_ batch: SyncBatch) async throws -> SyncAck {
        try await network.exchange(from: device) { [network] in
            try await network.server.push(batch, owner: network.owner)
        }
    }

    func pull(deviceID: UUID, after: Int64, limit: Int, full: Bool) async throws -> SyncPage {
        try await network.pull(from: device, after: after, limit: limit, full: full)
    }

    func digests(deviceID: UUID) async throws -> [SyncDigest] {
        try await network.exchange(from: device) { [network, device] in
            try await network.server.digests(device: device, owner: network.owner)
        }
    }

    func records(deviceID: UUID, in buckets: [DigestBucket]) async throws -> [AnyRecord] {
        try await network.exchange(from: device) { [network, device] in
            try await network.server.records(device: device, owner: network.owner, in: buckets)
        }
    }
}
