import Foundation
import GRDB
import TallyCore
import TallySQLite
import TallyServices
import TallyStorage
import Testing

/// A device that pulls and finds nothing new makes no commit: no fsync for a phone polling its server.
@Suite struct IdlePullTests {
    @Test func aPullThatMovesNothingWritesNothing() async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteStore(directory: directory.url)
        let now = StoreFixture.now
        let scope = UserScope(store: store, clock: FixedClock(now), machineZone: TimeZone(identifier: "UTC")!)
        _ = try await scope.bathroom.log(note: "kept")
        try await scope.bathroom.delete(id: try await scope.bathroom.log(note: "gone").id)
        // Another connection to the file: its `data_version` moves when any other connection commits.
        let observer = try DatabaseQueue(path: directory.url.appendingPathComponent(SQLiteStore.fileName).path)
        func dataVersion() throws -> Int { try observer.read { try Int.fetchOne($0, sql: "PRAGMA data_version") ?? 0 } }
        let device = UUID()
        func pull(after: Int64, at offset: TimeInterval) async throws -> SyncPage {
            try await SyncService(store: store, clock: FixedClock(now.addingTimeInterval(offset)))
                .pull(device: device, owner: LocalUser.id, after: after, limit: 100)
        }
        // The first pulls claim the device, acknowledge its cursor, and compact the tombstone it has seen.
        let first = try await pull(after: 0, at: 0)
        let second = try await pull(after: first.through, at: 1)
        #expect(second.purged.count == 1)
        let idle = try await pull(after: second.through, at: 2)
        let before = try dataVersion()
        for offset in [10.0, 20, 59] {
            let page = try await pull(after: idle.through, at: offset)
            #expect(page.records.isEmpty && page.through == idle.through)
        }
        #expect(try dataVersion() == before, "an idle pull committed")
        // A minute on, the device's last sighting is written: the probe sees a commit when there is one.
        _ = try await pull(after: idle.through, at: 62)
        #expect(try dataVersion() != before)
        #expect(try await store.devices(owner: LocalUser.id).first?.lastSeen == now.addingTimeInterval(62))
    }
}
