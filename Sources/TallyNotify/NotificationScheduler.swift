import Foundation
import Logging
import Metrics
import ServiceLifecycle
import Synchronization
import TallyCore
import TallyServices
import TallyStorage

/// The service inside `tally serve` that sends notifications when they are due. It keeps each user's
/// plan (the next 64 notifications, from ``NotificationPlanner``) in memory, plans a user again as soon as
/// their records change (it compares the store's change marks every ``pollInterval``), and sleeps until
/// the next notification is due. Before sending, it plans the user afresh, so a drink logged a second
/// before a nudge still stops it. Deliveries run side by side; each is claimed in the store first, so
/// several server processes share the work and none sends twice.
public struct NotificationScheduler: Service {
    public typealias Store = UserDataStore & NotificationStore

    let store: any Store
    let notifier: Notifier
    let clock: any SleepingClock
    let machineZone: TimeZone
    /// How often to look for changed records (and other processes' work).
    let pollInterval: TimeInterval
    /// How late a notification may still go out (after a restart, or on a retry).
    let grace: TimeInterval
    /// How long a plan is kept even when no record changed: channels and the day move on without one.
    let replanInterval: TimeInterval = 60
    let logger: Logger

    public init(
        store: any Store, notifier: Notifier, clock: any SleepingClock, machineZone: TimeZone,
        pollInterval: TimeInterval = 2, grace: TimeInterval = 15 * 60, logger: Logger = Logger(label: "tally.notify")
    ) {
        self.store = store
        self.notifier = notifier
        self.clock = clock
        self.machineZone = machineZone
        self.pollInterval = pollInterval
        self.grace = grace
        self.logger = logger
    }

    public func run() async throws {
        let state = SchedulerState()
        await withDiscardingTaskGroup { group in
            while !Task.isCancelled && !Task.isShuttingDownGracefully {
                let wake: Date
                do {
                    wake = try await pass(state, group: &group)
                } catch {
                    logger.warning("notification scheduler: \(error)")
                    wake = clock.now().addingTimeInterval(pollInterval)
                }
                do {
                    try await cancelWhenGracefulShutdown { try await clock.sleep(until: wake) }
                } catch {
                    break
                }
            }
        }
    }

    /// One look at every user with a channel: plan the changed, send the due. Returns when to look next.
    func pass(_ state: SchedulerState, group: inout DiscardingTaskGroup) async throws -> Date {
        let now = clock.now()
        let owners = try await store.ownersWithChannels()
        let marks = try await store.changeMarks(owners: owners)
        state.forget(except: Set(owners), before: now.addingTimeInterval(-grace))
        var wake = now.addingTimeInterval(pollInterval)
        for owner in owners {
            let mark = marks[owner] ?? 0
            var plan = state.plan(of: owner)
            if plan == nil || plan?.mark != mark || now.timeIntervalSince(plan?.madeAt ?? now) > replanInterval {
                plan = try await makePlan(owner, mark: mark, now: now)
                state.setPlan(plan!, of: owner)
            }
            guard let current = plan else { continue }
            if state.hasWork(in: current, owner: owner, now: now) {
                // Due: plan afresh from the records as they are this moment, and send what still stands.
                let fresh = try await makePlan(owner, mark: mark, now: now)
                state.setPlan(fresh, of: owner)
                send(fresh, owner: owner, now: now, state: state, group: &group)
            }
            if let next = state.plan(of: owner)?.notifications.first(where: { $0.due > now }) {
                wake = min(wake, next.due)
            }
        }
        Gauge(label: "tally_notifications_queued").record(state.queued(now: now))
        return wake
    }

    private func makePlan(_ owner: UUID, mark: Int64, now: Date) async throws -> SchedulerState.Plan {
        let scope = UserScope(store: store, owner: owner, clock: clock, machineZone: machineZone)
        let sources = try await NotificationService(scope: scope, store: store).sources()
        let planned = NotificationPlanner.plan(sources, from: now.addingTimeInterval(-grace))
        var channels: [NotificationChannel] = []
        for channel in try await store.channels(owner: owner) where !channel.isPaused {
            if try await notifier.pauseIfUnusable(channel) == nil { channels.append(channel) }
        }
        return SchedulerState.Plan(
            notifications: planned, channels: channels, zone: sources.zone, mark: mark, madeAt: now)
    }

    private func send(
        _ plan: SchedulerState.Plan, owner: UUID, now: Date, state: SchedulerState, group: inout DiscardingTaskGroup
    ) {
        for notification in plan.notifications where notification.due <= now {
            for channel in plan.channels {
                let key = SchedulerState.DeliveryKey(owner: owner, key: notification.key, channel: channel.id)
                guard state.take(key, now: now, holdFor: notifier.lease, due: notification.due) else { continue }
                group.addTask { [notifier, logger] in
                    Gauge(label: "tally_notification_deliveries_in_flight").record(state.sendingCount)
                    defer { Gauge(label: "tally_notification_deliveries_in_flight").record(state.finished(key)) }
                    do {
                        let outcome = try await notifier.deliver(notification, to: channel, zone: plan.zone)
                        state.settle(key, outcome: outcome, now: now, lease: notifier.lease)
                        Counter(
                            label: "tally_notification_deliveries_total",
                            dimensions: [("outcome", outcome?.metricName ?? "held_elsewhere")]
                        ).increment()
                    } catch {
                        logger.warning("notification \(notification.key): \(error)")
                        Counter(label: "tally_notification_deliveries_total", dimensions: [("outcome", "error")])
                            .increment()
                    }
                }
            }
        }
    }
}
