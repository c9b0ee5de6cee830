import Foundation
import TallyCore

/// "Now" read once for a whole request: the server gives each request's ``UserScope`` one of these, and
/// ``UserScope/now()`` keeps its first reading in it, so a page or an API call that asks several
/// services reads the person's settings and the clock once. A change of settings in the request forgets
/// it. A reading older than ``lifetime`` on the clock is read again, so a long-lived request (a live
/// update stream) never sees a stale day. Between requests, a server keeps the settings in its
/// ``AccountCache``, which a change of settings forgets too.
public final class RequestNow: Sendable {
    static let lifetime: TimeInterval = 1

    /// The server's settings kept between requests, if it keeps them.
    let cache: AccountCache?

    // NSLock rather than Synchronization.Mutex, which needs macOS 15 and the package supports macOS 14.
    private let lock = NSLock()
    nonisolated(unsafe) private var reading: (owner: UUID, now: Now)?

    public init(cache: AccountCache? = nil) {
        self.cache = cache
    }

    /// The reading kept for `owner`, when it is still fresh at `instant`.
    func kept(for owner: UUID, at instant: Date) -> Now? {
        lock.withLock {
            guard let reading, reading.owner == owner,
                abs(instant.timeIntervalSince(reading.now.instant)) < Self.lifetime
            else { return nil }
            return reading.now
        }
    }

    func keep(_ now: Now, for owner: UUID) {
        lock.withLock { reading = (owner, now) }
    }

    /// Forgets the reading, and what the server keeps: the settings it holds were changed.
    public func forget() {
        lock.withLock { reading = nil }
        cache?.forgetAll()
    }
}
