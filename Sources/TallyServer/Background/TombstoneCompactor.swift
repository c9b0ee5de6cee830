import Foundation
import Logging
import ServiceLifecycle
import TallyCore
import TallyNotify
import TallyServices
import TallyStorage

/// The service inside `tally serve` that compacts every person's tombstones when the server starts and
/// every ``interval`` after, as ``SyncService/compact(owner:)`` does: those every device has acknowledged,
/// and those older than the retention whoever has not. A pull still compacts its own person's first, so the
/// markers of what its acknowledgement completed are in that very page; this finds the rest: the deletions
/// of people who use only the web app or the API (no device ever pulls for them) and of people whose
/// devices stopped syncing. Several servers on one database each compact; a second finds nothing. Each
/// round also deletes each person's pictures that no record shows any more (``ImageService/forgetUnshown()``).
struct TombstoneCompactor: Service {
    static let interval: TimeInterval = 3_600

    let store: any TallyStore
    let clock: any SleepingClock
    let interval: TimeInterval
    let logger: Logger

    init(
        store: any TallyStore, clock: any SleepingClock, interval: TimeInterval = TombstoneCompactor.interval,
        logger: Logger
    ) {
        self.store = store
        self.clock = clock
        self.interval = interval
        self.logger = logger
    }

    func run() async throws {
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            await compactEveryone()
            do {
                try await cancelWhenGracefulShutdown {
                    try await clock.sleep(until: clock.now().addingTimeInterval(interval))
                }
            } catch {
                break
            }
        }
    }

    /// One round: each person's tombstones in turn; a person whose compaction fails is tried next round.
    func compactEveryone() async {
        let sync = SyncService(store: store, clock: clock)
        let people: [UserAccount]
        do {
            people = try await store.users()
        } catch {
            logger.warning("compacting tombstones: \(error)")
            return
        }
        for person in people where !Task.isCancelled && !Task.isShuttingDownGracefully {
            do {
                try await sync.compact(owner: person.id)
            } catch {
                logger.warning("compacting the tombstones of \(person.name): \(error)")
            }
            do {
                let scope = UserScope(store: store, owner: person.id, clock: clock, machineZone: .gmt)
                let forgotten = try await scope.images.forgetUnshown()
                if forgotten > 0 { logger.info("deleted \(forgotten) pictures \(person.name) no longer shows") }
            } catch {
                logger.warning("deleting the pictures \(person.name) no longer shows: \(error)")
            }
        }
    }
}
