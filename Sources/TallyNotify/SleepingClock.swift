import Foundation
import TallyCore

/// A clock the scheduler can wait on: "now", and a sleep until an instant. The server runs it on the real
/// clock; tests pin it and move it on by hand.
public protocol SleepingClock: WallClock {
    /// Returns at `instant` (or soon after), or throws when the task is cancelled.
    func sleep(until instant: Date) async throws
}

/// The system's clock, optionally started at another instant and running at the real rate from there
/// (`TALLY_NOW` for a server under test).
public struct SystemSleepingClock: SleepingClock {
    private let offset: TimeInterval

    /// The real time, or (with `start`) a clock that reads `start` now and runs on from it.
    public init(start: Date? = nil) {
        offset = start.map { $0.timeIntervalSinceNow } ?? 0
    }

    public func now() -> Date { Date().addingTimeInterval(offset) }

    public func sleep(until instant: Date) async throws {
        let seconds = instant.timeIntervalSince(now())
        guard seconds > 0 else { return }
        try await Task.sleep(for: .milliseconds(Int64(min(seconds, 86_400) * 1000)))
    }
}
