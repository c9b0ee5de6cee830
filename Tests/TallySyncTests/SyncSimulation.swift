import Foundation
import TallyCore
import TallySQLite
import TallyServices

/// One seeded schedule: a server and two to four devices change every kind of record while syncing over
/// a network that drops, delays, duplicates and reorders messages, partitions devices and crashes them
/// between commit and acknowledgement, with clocks hours apart. Then the network heals, every device
/// syncs until nothing moves, and the replicas are compared with each other and with the oracle.
struct SyncSimulation {
    let seed: UInt64

    struct Report {
        var replicas = 0
        var steps = 0
        var writes = 0
        var syncs = 0
        var failedSyncs = 0
        var resyncs = 0
        var repairs = 0
        var compacted = 0
        var faults: [String: Int] = [:]
    }

    struct Divergence: Error, CustomStringConvertible {
        let description: String
    }

    static let start = Date(millisecondsSince1970: 1_772_352_000_000)  // 2026-03-01T08:00:00Z
    static let zone = TimeZone(identifier: "Europe/Berlin")!

    func run() async throws -> Report {
        let random = SimRandom(seed: seed)
        let time = SimTime(start: Self.start)
        let ids = SeededIDs(random: random)
        let owner = random.uuid()
        let serverStore = try SQLiteStore.inMemory(deviceID: random.uuid())
        let serverClock = SkewedClock(time: time, skewMillis: 0)
        var service = SyncService(store: serverStore, clock: serverClock)
        service.retention = Double(random.int(2...12)) * 3600
        let network = SimNetwork(server: service, owner: owner, random: random)
        var replicas = [
            SimReplica(
                name: "server", store: serverStore,
                scope: UserScope(
                    store: serverStore, owner: owner, clock: serverClock, machineZone: Self.zone, ids: ids),
                client: nil)
        ]
        for index in 1...random.int(2...4) {
            let store = try SQLiteStore.inMemory(deviceID: random.uuid())
            try await store.configureSync(serverURL: "sim://server", token: nil, owner: owner)
            let clock = SkewedClock(time: time, skewMillis: Int64(random.int(-6 * 60...6 * 60)) * 60_000)
            var client = SyncClient(
                store: store, transport: network.transport(for: store.deviceID), clock: clock,
                retry: RetryPolicy(attempts: 3, initialDelay: 1, sleeper: SimSleeper(time: time)))
            client.batchSize = random.int(3...50)
            client.pageSize = random.int(3...50)
            client.reconcileEvery = Double(random.int(1...8)) * 3600
            let scope = UserScope(store: store, owner: owner, clock: clock, machineZone: Self.zone, ids: ids)
            replicas.append(SimReplica(name: "device \(index)", store: store, scope: scope, client: client))
        }
        let devices = Array(replicas.dropFirst())
        var oracle = SimOracle()
        var report = Report(replicas: replicas.count, steps: random.int(40...140))

        for _ in 0..<report.steps {
            time.advance(by: Int64(random.int(0...20)) * 60_000)
            let device = random.pick(devices)!
            switch random.int(0...99) {
            case 0..<55: try await random.pick(replicas)!.change(random, oracle: &oracle)
            case 55..<80: try await sync(device, reconcile: false, &report)
            case 80..<87: network.setPartitioned(device.store.deviceID, random.chance(0.6))
            case 87..<92: await network.deliverHeld()
            case 92..<95: try await sync(device, reconcile: true, &report)
            case 95..<97: report.compacted += try await service.compact(owner: owner)
            default: time.advance(by: Int64(random.int(1...12)) * 3_600_000)
            }
        }

        network.heal()
        await network.deliverHeld(all: true)
        try await quiesce(devices, server: serverStore, &report)
        report.writes = oracle.count
        report.faults = network.counts
        try await check(replicas, oracle: oracle, owner: owner)
        return report
    }

    /// Syncs one device; a sync the network or a crash cut short is part of the schedule.
    private func sync(_ device: SimReplica, reconcile: Bool, _ report: inout Report) async throws {
        report.syncs += 1
        do {
            let summary = try await device.syncing { client in
                reconcile
                    ? SyncSummary(repaired: try await client.reconcile(owner: client.store.syncState()!.ownerID))
                    : try await client.sync()
            }
            if summary.resynced { report.resyncs += 1 }
            report.repairs += summary.repairedBuckets ?? 0
        } catch is SyncTransportError {
            report.failedSyncs += 1
        } catch is SimCrash {
            report.failedSyncs += 1
        }
    }

    /// Every device syncs, round after round, until a round in which nothing moved anywhere.
    private func quiesce(_ devices: [SimReplica], server: SQLiteStore, _ report: inout Report) async throws {
        for _ in 0..<20 {
            // Compaction during the round changes the server too: its markers must reach every device.
            let serverBefore = try await server.lastSequence()
            var moved = false
            for device in devices {
                let summary = try await device.syncing { try await $0.sync() }
                moved = moved || summary.pushed + summary.pulled + summary.purged + summary.removed > 0
            }
            if !moved, try await server.lastSequence() == serverBefore { return }
        }
        throw Divergence(description: "seed \(seed): still syncing after 20 quiet rounds")
    }

    private func check(_ replicas: [SimReplica], oracle: SimOracle, owner: UUID) async throws {
        let server = replicas[0]
        let reference = try await server.export()
        for device in replicas.dropFirst() {
            let exported = try await device.export()
            guard exported == reference else {
                throw Divergence(
                    description: "seed \(seed): \(device.name) differs from the server: "
                        + (try Self.difference(exported, reference)))
            }
            let repaired = try await device.syncing { try await $0.reconcile(owner: owner) }
            guard repaired == 0 else {
                throw Divergence(description: "seed \(seed): \(device.name) digests differ in \(repaired) buckets")
            }
        }
        var compacted = Set<UUID>()
        var after: Int64 = 0
        var held: [String: RecordMeta] = [:]
        while true {
            let page = try await server.store.changes(owner: owner, after: after, limit: 1_000)
            compacted.formUnion(page.purged)
            for record in page.records { held[SimOracle.naturalKey(record)] = record.meta }
            after = page.through
            if !page.hasMore { break }
        }
        if let live = compacted.first(where: { !oracle.deletedIDs.contains($0) }) {
            throw Divergence(description: "seed \(seed): \(live) was compacted but never deleted")
        }
        let expected = oracle.expectedLive()
        let visible = held.filter { !$0.value.isDeleted }
        for (key, meta) in expected where visible[key]?.id != meta.id || visible[key]?.stamp != meta.stamp {
            throw Divergence(
                description: "seed \(seed): \(key) should be \(meta.id) at \(meta.stamp), "
                    + "is \(visible[key].map { "\($0.id) at \($0.stamp)" } ?? "missing"); written: "
                    + oracle.history(of: key, compacted: compacted))
        }
        if let extra = visible.keys.first(where: { expected[$0] == nil }) {
            throw Divergence(
                description: "seed \(seed): \(extra) is alive (\(visible[extra]!.id) at \(visible[extra]!.stamp)) "
                    + "but was deleted or never written: " + oracle.history(of: extra, compacted: compacted))
        }
    }
}

extension SyncSimulation {
    /// The records two exports disagree on, for a failure message.
    static func difference(_ mine: Data, _ theirs: Data) throws -> String {
        let decoder = BackupCoding.decoder()
        let left = Set(try decoder.decode(TallyBackup.self, from: mine).allRecords)
        let right = Set(try decoder.decode(TallyBackup.self, from: theirs).allRecords)
        let only = { (records: Set<AnyRecord>) in
            records.map { "\($0.kind) \($0.meta.id) \($0.meta.stamp)\($0.meta.isDeleted ? " deleted" : "")" }
                .sorted().joined(separator: ", ")
        }
        return "only here: [\(only(left.subtracting(right)))], only on the server: [\(only(right.subtracting(left)))]"
    }
}

extension SyncSummary {
    init(repaired: Int) {
        self.init()
        repairedBuckets = repaired
    }
}
