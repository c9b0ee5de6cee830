import Foundation
import Logging

/// Whether the store can reach its database, as its calls last found: once a call finds the database
/// gone (a refused or broken connection), every call fails at once until a pooled connection answers
/// again, instead of each waiting the lease timeout. It tells `events` once when the connection is lost
/// and once when it is back.
final class ConnectionWatch: @unchecked Sendable {
    // NSLock rather than Synchronization.Mutex, which needs macOS 15 and the package supports macOS 14.
    private let lock = NSLock()
    private var lost: (since: ContinuousClock.Instant, reason: String)?
    /// The direct connection made to tell a busy pool from a database that is gone, shared by every call
    /// that asks meanwhile.
    private var probe: Task<String?, Never>?
    /// When a direct connection last succeeded: for a second after, a waiting call just waits.
    private var lastReached: ContinuousClock.Instant?
    private let events: Logger?
    private let endpoint: String

    /// How long a call waits for a pooled connection before asking whether the database is there at all.
    static let patience: Duration = .milliseconds(250)
    /// How often a lost database is tried again.
    static let retryInterval: Duration = .milliseconds(500)

    init(endpoint: String, events: Logger?) {
        self.endpoint = endpoint
        self.events = events
    }

    /// Why the database is taken to be gone, or nil while it answers.
    var lostReason: String? { lock.withLock { lost?.reason } }

    /// Records that the database is gone; true for the call that found it first (which then starts trying
    /// it again), false when it was known already.
    func markLost(_ reason: String) -> Bool {
        let first = lock.withLock {
            guard lost == nil else { return false }
            lost = (ContinuousClock.now, reason)
            lastReached = nil
            return true
        }
        if first {
            events?.error(
                "lost the connection to PostgreSQL at \(endpoint): \(reason); requests are answered 503 until it is back"
            )
        }
        return first
    }

    /// Records that a pooled connection answered again.
    func markBack() {
        let since = lock.withLock {
            defer { lost = nil }
            return lost?.since
        }
        guard let since else { return }
        let seconds =
            Double((ContinuousClock.now - since).components.seconds)
            + Double((ContinuousClock.now - since).components.attoseconds) / 1e18
        events?.notice(
            "the connection to PostgreSQL at \(endpoint) is back after \(String(format: "%.1f", seconds)) s")
    }

    /// Whether a direct connection reaches the database now: nil when it does, else why not. Calls made
    /// while one connection is being tried share it.
    func reach(_ connect: @escaping @Sendable () async -> String?) async -> String? {
        let task: Task<String?, Never> = lock.withLock {
            if let lastReached, ContinuousClock.now - lastReached < .seconds(1) { return Task { nil } }
            if let probe { return probe }
            let probe = Task { await connect() }
            self.probe = probe
            return probe
        }
        let reason = await task.value
        lock.withLock {
            if probe == task { probe = nil }
            if reason == nil { lastReached = ContinuousClock.now }
        }
        return reason
    }
}
