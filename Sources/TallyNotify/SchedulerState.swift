import Foundation
import TallyCore

/// What the scheduler remembers between passes: each user's plan, and when this process may next try
/// each delivery (so it asks the store once per delivery, not once per pass).
final class SchedulerState: Sendable {
    struct Plan: Sendable {
        var notifications: [PlannedNotification]
        var channels: [NotificationChannel]
        var zone: TimeZone
        var mark: Int64
        var madeAt: Date
    }

    struct DeliveryKey: Hashable, Sendable {
        var owner: UUID
        var key: String
        var channel: UUID
    }

    private struct Contents {
        var plans: [UUID: Plan] = [:]
        /// When to try each delivery again, and the notification's due time (to forget it once too old).
        var nextTry: [DeliveryKey: (at: Date, due: Date)] = [:]
        /// Which deliveries this process is sending: never taken again while they are, however long
        /// the send takes (the store's lease lets only another process take them over).
        var sending: Set<DeliveryKey> = []
    }

    private let contents = LockedValue(Contents())

    func plan(of owner: UUID) -> Plan? { contents.withLock { $0.plans[owner] } }

    func setPlan(_ plan: Plan, of owner: UUID) { contents.withLock { $0.plans[owner] = plan } }

    /// Whether a notification of `plan` is due and this process has yet to try it on one of the channels.
    func hasWork(in plan: Plan, owner: UUID, now: Date) -> Bool {
        contents.withLock { contents in
            plan.notifications.contains { notification in
                notification.due <= now
                    && plan.channels.contains { channel in
                        let key = DeliveryKey(owner: owner, key: notification.key, channel: channel.id)
                        return !contents.sending.contains(key) && (contents.nextTry[key]?.at ?? .distantPast) <= now
                    }
            }
        }
    }

    /// Whether this process should try `key` now; if so, holds it until ``finished(_:)`` and then for what
    /// is left of `holdFor`, unless ``settle(_:outcome:now:lease:)`` says otherwise.
    func take(_ key: DeliveryKey, now: Date, holdFor: TimeInterval, due: Date) -> Bool {
        contents.withLock { contents in
            if contents.sending.contains(key) { return false }
            if let next = contents.nextTry[key], next.at > now { return false }
            contents.nextTry[key] = (now.addingTimeInterval(holdFor), due)
            contents.sending.insert(key)
            return true
        }
    }

    /// The attempt at `key` taken by ``take(_:now:holdFor:due:)`` is over, whichever way it went; returns
    /// how many deliveries are still being sent.
    @discardableResult func finished(_ key: DeliveryKey) -> Int {
        contents.withLock { contents in
            contents.sending.remove(key)
            return contents.sending.count
        }
    }

    /// After an attempt: never again once it is done; at the retry time; or, when another process holds it,
    /// after a lease (in case that process dies).
    func settle(_ key: DeliveryKey, outcome: DeliveryOutcome?, now: Date, lease: TimeInterval) {
        contents.withLock { contents in
            guard let due = contents.nextTry[key]?.due else { return }
            let next: Date =
                switch outcome {
                case .retry(let at): at
                case nil: now.addingTimeInterval(lease)
                case .sent, .gaveUp, .removed: .distantFuture
                }
            contents.nextTry[key] = (next, due)
        }
    }

    /// The deliveries of every plan this process has yet to try or try again: the scheduler's queue.
    func queued(now: Date) -> Int {
        contents.withLock { contents in
            contents.plans.reduce(0) { count, entry in
                let (owner, plan) = entry
                return count
                    + plan.notifications.reduce(0) { count, notification in
                        count
                            + plan.channels.count(where: { channel in
                                let key = DeliveryKey(owner: owner, key: notification.key, channel: channel.id)
                                return contents.nextTry[key].map { $0.at != .distantFuture } ?? true
                            })
                    }
            }
        }
    }

    /// How many deliveries this process is sending, for the metrics.
    var sendingCount: Int { contents.withLock { $0.sending.count } }

    /// Drops the plans of users who have no channel now, and deliveries due before `cutoff`.
    func forget(except owners: Set<UUID>, before cutoff: Date) {
        contents.withLock { contents in
            contents.plans = contents.plans.filter { owners.contains($0.key) }
            contents.nextTry = contents.nextTry.filter { $0.value.due >= cutoff }
        }
    }
}
