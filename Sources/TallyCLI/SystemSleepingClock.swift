import Foundation
import TallyNotify

/// The system's clock, optionally started at another instant and running at the real rate from there
/// (`TALLY_NOW` for a server under test).
struct SystemSleepingClock: SleepingClock {
    private let offset: TimeInterval

    /// The real time, or (with `start`) a clock that reads `start` now and runs on from it.
    init(start: Date? = nil) {
        offset = start.map { $0.timeIntervalSinceNow } ?? 0
    }

    func now() -> Date { Date().addingTimeInterval(offset) }

    func sleep(until instant: Date) async throws {
        let seconds = instant.timeIntervalSince(now())
        guard seconds > 0 else { return }
        try await Task.sleep(for: .milliseconds(Int64(min(seconds, 86_400) * 1000)))
    }
}
