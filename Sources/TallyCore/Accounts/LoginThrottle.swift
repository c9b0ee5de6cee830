import Foundation

/// Slows down password guessing: after `limit` failed log-ins within `window`, for one account or from
/// one address, the next attempt waits until the oldest of those failures leaves the window.
public struct LoginThrottle: Sendable {
    public var limit: Int
    public var window: TimeInterval

    public init(limit: Int = 10, window: TimeInterval = 15 * 60) {
        self.limit = limit
        self.window = window
    }

    /// The earliest instant `failures` are counted from, for a store that keeps only what matters.
    public func windowStart(now: Date) -> Date { now.addingTimeInterval(-window) }

    /// When the next attempt is allowed, or nil when it is allowed now.
    public func retryAt(failures: [Date], now: Date) -> Date? {
        let recent = failures.filter { $0 > windowStart(now: now) && $0 <= now }.sorted()
        guard recent.count >= limit else { return nil }
        return recent[recent.count - limit].addingTimeInterval(window)
    }

    /// Throws ``TallyError/tooManyAttempts(retryAfterSeconds:)`` while attempts are held back.
    public func check(failures: [Date], now: Date) throws(TallyError) {
        guard let retry = retryAt(failures: failures, now: now) else { return }
        throw TallyError.tooManyAttempts(retryAfterSeconds: max(1, Int(retry.timeIntervalSince(now).rounded(.up))))
    }
}
