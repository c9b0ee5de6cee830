import Foundation

/// How one attempt to send a notification to one channel ended.
public enum DeliveryOutcome: Hashable, Sendable {
    /// The channel took it.
    case sent
    /// It failed and will be tried again at this instant.
    case retry(at: Date)
    /// It failed for the last time.
    case gaveUp
    /// The push service said the subscription is gone (404 or 410): the channel was removed.
    case removed

    /// As `/metrics` labels it.
    public var metricName: String {
        switch self {
        case .sent: "sent"
        case .retry: "retry"
        case .gaveUp: "gave_up"
        case .removed: "removed"
        }
    }

    /// As the delivery log shows it.
    public var label: String {
        switch self {
        case .sent: "sent"
        case .retry: "failed, will retry"
        case .gaveUp: "failed, gave up"
        case .removed: "subscription gone, channel removed"
        }
    }
}

/// One attempt in a user's delivery log.
public struct DeliveryLogEntry: Hashable, Sendable {
    public var at: Date
    public var key: String
    public var kind: NotificationKind
    public var title: String
    public var channelName: String
    public var channelKind: NotificationChannel.Kind
    /// 1 for the first attempt.
    public var attempt: Int
    /// `sent`, `failed, will retry`, ... (``DeliveryOutcome/label``).
    public var outcome: String
    /// What the channel answered, or why it could not be reached ("HTTP 500", "no answer in 10 s").
    public var detail: String

    public init(
        at: Date, key: String, kind: NotificationKind, title: String, channelName: String,
        channelKind: NotificationChannel.Kind, attempt: Int, outcome: String, detail: String
    ) {
        self.at = at
        self.key = key
        self.kind = kind
        self.title = title
        self.channelName = channelName
        self.channelKind = channelKind
        self.attempt = attempt
        self.outcome = outcome
        self.detail = detail
    }
}
