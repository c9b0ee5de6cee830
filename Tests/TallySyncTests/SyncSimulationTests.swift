import Foundation
import Testing

/// Runs many seeded schedules of ``SyncSimulation``. CI runs a few hundred; `TALLY_SIM_SCHEDULES=10000`
/// runs more, `TALLY_SIM_SEED=n` replays one (a failure names its seed).
@Suite struct SyncSimulationTests {
    @Test func everyScheduleConvergesWithNoLostWriteAndNoResurrection() async throws {
        let environment = ProcessInfo.processInfo.environment
        let seeds: [UInt64] =
            if let seed = environment["TALLY_SIM_SEED"].flatMap(UInt64.init) {
                [seed]
            } else {
                Array(1...UInt64(environment["TALLY_SIM_SCHEDULES"].flatMap(Int.init) ?? 200))
            }
        let started = ContinuousClock.now
        var total = SyncSimulation.Report()
        var failures: [String] = []
        try await withThrowingTaskGroup(of: Result<SyncSimulation.Report, any Error>.self) { group in
            var next = seeds.makeIterator()
            for _ in 0..<2 {
                guard let seed = next.next() else { break }
                group.addTask { await Self.run(seed) }
            }
            while let result = try await group.next() {
                switch result {
                case .success(let report): total.add(report)
                case .failure(let error): failures.append("\(error)")
                }
                if let seed = next.next() { group.addTask { await Self.run(seed) } }
            }
        }
        let elapsed = ContinuousClock.now - started
        print(
            "sync simulation: \(seeds.count) schedules, \(total.replicas) replicas, \(total.steps) steps, "
                + "\(total.writes) writes, \(total.syncs) syncs (\(total.failedSyncs) cut short), "
                + "\(total.resyncs) resyncs, \(total.repairs) repaired buckets, \(total.compacted) compacted, "
                + "faults \(total.faults.sorted { $0.key < $1.key }), \(failures.count) failures, \(elapsed)")
        #expect(failures.isEmpty, "\(failures.prefix(5).joined(separator: "\n"))")
        #expect(total.writes > seeds.count * 10)
    }

    private static func run(_ seed: UInt64) async -> Result<SyncSimulation.Report, any Error> {
        do {
            return .success(try await SyncSimulation(seed: seed).run())
        } catch {
            return .failure(error)
        }
    }
}

extension SyncSimulation.Report {
    mutating func add(_ other: Self) {
        replicas += other.replicas
        steps += other.steps
        writes += other.writes
        syncs += other.syncs
        failedSyncs += other.failedSyncs
        resyncs += other.resyncs
        repairs += other.repairs
        compacted += other.compacted
        faults.merge(other.faults, uniquingKeysWith: +)
    }
}
