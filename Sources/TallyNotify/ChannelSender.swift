import Foundation
import TallyCore

/// Sends a message to one kind of channel.
public protocol ChannelSender: Sendable {
    func send(_ message: NotificationMessage, to channel: NotificationChannel) async -> SendResult
}

/// What a channel's endpoint made of a message.
public enum SendResult: Hashable, Sendable {
    /// Taken (the endpoint's status, e.g. "HTTP 201").
    case delivered(String)
    /// Not taken, for a reason that may pass (a 5xx, a timeout, a refused connection).
    case failed(String)
    /// Not taken, and it never will be as it stands (a 4xx: a wrong token, a bad URL).
    case refused(String)
    /// The push subscription no longer exists (404 or 410): the channel should go.
    case gone(String)
}

extension SendResult {
    /// One word for the result: `sent`, `failed`, `refused` or `gone`.
    public var word: String {
        switch self {
        case .delivered: "sent"
        case .failed: "failed"
        case .refused: "refused"
        case .gone: "gone"
        }
    }

    /// What the endpoint said, or why nothing was sent.
    public var detail: String {
        switch self {
        case .delivered(let text), .failed(let text), .refused(let text), .gone(let text): text
        }
    }
}
