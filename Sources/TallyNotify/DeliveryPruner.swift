import Foundation
import Logging
import ServiceLifecycle
import TallyStorage

/// The service inside `tally serve` that keeps what notifications leave behind to a stated retention:
/// claims of deliveries, the delivery log and snoozes from more than ``retention`` ago are deleted when the
/// server starts and every ``interval`` after. Nothing older is planned again (the scheduler looks back 15
/// minutes), so a claim that old can never be needed; without this the three tables grew with every
/// notification on every server. Several servers on one database each prune; a second prune finds nothing.
public struct DeliveryPruner: Service {
    /// How long deliveries, log entries and snoozes are kept: 30 days.
    public static let retention: TimeInterval = 30 * 86_400
    public static let interval: TimeInterval = 3_600

    let store: any NotificationStore
    let clock: any SleepingClock
    let retention: TimeInterval
    let interval: TimeInterval
    let logger: Logger

    public init(
        store: any NotificationStore, clock: any SleepingClock, retention: TimeInterval = DeliveryPruner.retention,
        interval: TimeInterval = DeliveryPruner.interval, logger: Logger = Logger(label: "tally.notify")
    ) {
        self.store = store
        self.clock = clock
        self.retention = retention
        self.interval = interval
        self.logger = logger
    }

    public func run() async throws {
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            do {
                try await store.pruneDeliveries(before: clock.now().addingTimeInterval(-retention))
            } catch {
                logger.warning("pruning old deliveries: \(error)")
            }
            do {
                try await cancelWhenGracefulShutdown {
                    try await clock.sleep(until: clock.now().addingTimeInterval(interval))
                }
            } catch {
                break
            }
        }
    }
}
