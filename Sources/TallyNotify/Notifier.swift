import Foundation
import Logging
import TallyCore
import TallyServices
import TallyStorage

/// Sends notifications through users' channels, exactly once per notification and channel: each delivery
/// is claimed in the store under a lease before it is sent, so a second server process, or this one after
/// a restart, finds it taken; a process that dies holding a claim leaves it to be taken again once the
/// lease runs out. A failure is retried with growing waits, then given up, and every attempt is logged.
public struct Notifier: Sendable {
    /// Waits before the second, third and fourth attempts; after the fourth, it is given up.
    public static let retryDelays: [TimeInterval] = [30, 120, 480]

    public let store: any NotificationStore
    public let policy: ChannelAddressPolicy
    /// The address people open Tally at, for the links in notifications.
    public let baseURL: URL?
    /// How long a claim holds a delivery: longer than a send can take.
    public let lease: TimeInterval
    /// Signs the tokens of notifications' buttons; without it, notifications have no buttons.
    let actionKey: Data?
    let senders: [NotificationChannel.Kind: any ChannelSender]
    let clock: any WallClock
    let logger: Logger

    public init(
        store: any NotificationStore, senders: [NotificationChannel.Kind: any ChannelSender], clock: any WallClock,
        policy: ChannelAddressPolicy = ChannelAddressPolicy(), baseURL: URL? = nil, lease: TimeInterval = 60,
        actionKey: Data? = nil, logger: Logger = Logger(label: "tally.notify")
    ) {
        self.actionKey = actionKey
        self.store = store
        self.senders = senders
        self.clock = clock
        self.policy = policy
        self.baseURL = baseURL
        self.lease = lease
        self.logger = logger
    }

    /// The senders of every kind of channel over one HTTP client.
    public static func senders(
        http: OutgoingHTTP, clock: any WallClock, push: (any ChannelSender)? = nil
    )
        -> [NotificationChannel.Kind: any ChannelSender]
    {
        var senders: [NotificationChannel.Kind: any ChannelSender] = [
            .ntfy: NtfySender(http: http), .webhook: WebhookSender(http: http, clock: clock),
        ]
        senders[.push] = push
        return senders
    }

    /// Adds a channel the user gave, once the policy allows its address.
    public func addChannel(
        _ draft: ChannelDraft, for service: NotificationService
    ) async throws
        -> NotificationChannel
    {
        let checked = try draft.validated()
        try await policy.check(checked.url)
        if checked.kind == .push, let endpoint = URL(string: checked.url) {
            do {
                _ = try WebPushSubscription(
                    endpoint: endpoint, p256dh: checked.pushKey ?? "", auth: checked.pushAuth ?? "")
            } catch {
                throw TallyError.invalid(field: "subscription", reason: error.description)
            }
        }
        return try await service.addChannel(draft)
    }

    /// Sends a test notification to the user's channel called `name` (each of their channels when nil)
    /// now, logs it, and returns how each went.
    public func sendTest(
        to name: String?, for service: NotificationService
    ) async throws
        -> [(NotificationChannel, SendResult)]
    {
        let channels = if let name { [try await service.channel(named: name)] } else { try await service.channels() }
        guard !channels.isEmpty else {
            throw TallyError.invalid(field: "channel", reason: "add a channel first: there is nowhere to send to")
        }
        let now = clock.now()
        let planned = PlannedNotification(
            due: now, kind: .test, title: "Tally test", body: "Notifications from Tally reach you here.")
        let zone = try await service.scope.now().zone
        let message = NotificationMessage(planned, zone: zone, base: baseURL)
        var results: [(NotificationChannel, SendResult)] = []
        for channel in channels {
            let result = await send(message, to: channel)
            results.append((channel, result))
            let outcome: DeliveryOutcome =
                switch result {
                case .delivered: .sent
                case .gone: .removed
                case .failed, .refused: .gaveUp
                }
            if outcome == .removed { try await store.removeChannel(id: channel.id, owner: channel.ownerID) }
            try await store.finishDelivery(
                owner: channel.ownerID, key: planned.key, channel: channel.id, outcome: outcome,
                log: entry(message, channel, attempt: 1, outcome: outcome, result: result, at: clock.now()))
            try await noteHealth(of: channel, outcome: outcome, result: result)
        }
        return results
    }

    /// Delivers `planned` to `channel` if this process wins the claim: sends it, then records the outcome.
    /// Returns the outcome, or nil when someone else has it (or it was already sent or given up).
    @discardableResult
    public func deliver(
        _ planned: PlannedNotification, to channel: NotificationChannel, zone: TimeZone
    ) async throws
        -> DeliveryOutcome?
    {
        let claimedAt = clock.now()
        guard
            let attempt = try await store.claimDelivery(
                owner: channel.ownerID, key: planned.key, channel: channel.id, now: claimedAt, lease: lease)
        else { return nil }
        var message = NotificationMessage(planned, zone: zone, base: baseURL)
        message.actionToken = actionKey.map {
            NotificationActionToken(owner: channel.ownerID, notification: planned).signed(with: $0)
        }
        let result: SendResult =
            attempt > Self.retryDelays.count + 1
            ? .failed("gave up after \(attempt - 1) attempts") : await send(message, to: channel)
        let finishedAt = clock.now()
        let outcome: DeliveryOutcome
        switch result {
        case .delivered: outcome = .sent
        case .gone: outcome = .removed
        case .refused: outcome = .gaveUp
        case .failed:
            outcome =
                attempt <= Self.retryDelays.count
                ? .retry(at: finishedAt.addingTimeInterval(Self.retryDelays[attempt - 1])) : .gaveUp
        }
        if outcome == .removed { try await store.removeChannel(id: channel.id, owner: channel.ownerID) }
        try await store.finishDelivery(
            owner: channel.ownerID, key: planned.key, channel: channel.id, outcome: outcome,
            log: entry(message, channel, attempt: attempt, outcome: outcome, result: result, at: finishedAt))
        try await noteHealth(of: channel, outcome: outcome, result: result)
        logger.info(
            "notification \(planned.key) to \(channel.kind.rawValue) channel: \(outcome.label)",
            metadata: ["owner": "\(channel.ownerID)", "attempt": "\(attempt)", "detail": "\(result.detail)"])
        return outcome
    }

    /// Pauses the channel if its address can never work (one stored before today's checks); nil when it can.
    /// The scheduler asks before it plans a user, so a bad channel stored by an older version is paused at
    /// start-up, before any send.
    public func pauseIfUnusable(_ channel: NotificationChannel) async throws -> String? {
        guard !channel.isPaused, let reason = Self.unusableReason(channel) else { return nil }
        try await store.markChannelFailed(id: channel.id, owner: channel.ownerID, reason: reason, pauseAfter: 1)
        logger.warning(
            "paused the \(channel.kind.rawValue) channel \(channel.id): \(reason)",
            metadata: ["owner": "\(channel.ownerID)"])
        return reason
    }

    static func unusableReason(_ channel: NotificationChannel) -> String? {
        do {
            _ = try ChannelURL(parsing: channel.url)
            return nil
        } catch {
            return "Its address can never work (\(error.description)). Remove it and add it again."
        }
    }

    /// A delivery that went through clears the channel's failures and pause; one given up counts toward
    /// its pause (at once when its address can never work).
    private func noteHealth(of channel: NotificationChannel, outcome: DeliveryOutcome, result: SendResult) async throws
    {
        switch outcome {
        case .sent where channel.failures > 0 || channel.isPaused:
            try await store.markChannelWorking(id: channel.id, owner: channel.ownerID)
        case .gaveUp:
            let unusable = Self.unusableReason(channel)
            let limit = NotificationChannel.pauseAfterFailures
            let paused = try await store.markChannelFailed(
                id: channel.id, owner: channel.ownerID,
                reason: unusable ?? "\(limit) notifications in a row could not be sent; the last: \(result.detail). "
                    + "Send a test to try it again.",
                pauseAfter: unusable == nil ? limit : 1)
            if paused && !channel.isPaused {
                logger.warning(
                    "paused the \(channel.kind.rawValue) channel \(channel.id) after failures",
                    metadata: ["owner": "\(channel.ownerID)", "detail": "\(result.detail)"])
            }
        default: break
        }
    }

    func send(_ message: NotificationMessage, to channel: NotificationChannel) async -> SendResult {
        do {
            try await policy.check(channel.url)
        } catch let error as TallyError {
            return .refused(error.description)
        } catch {
            return .failed("could not tell whether this server may send there: \(error)")
        }
        guard let sender = senders[channel.kind] else {
            return .refused("this server cannot send to \(channel.kind.rawValue) channels")
        }
        return await sender.send(message, to: channel)
    }

    private func entry(
        _ message: NotificationMessage, _ channel: NotificationChannel, attempt: Int, outcome: DeliveryOutcome,
        result: SendResult, at instant: Date
    ) -> DeliveryLogEntry {
        return DeliveryLogEntry(
            at: instant, key: message.key, kind: message.kind, title: message.title, channelName: channel.name,
            channelKind: channel.kind, attempt: attempt, outcome: outcome.label, detail: result.detail)
    }
}
