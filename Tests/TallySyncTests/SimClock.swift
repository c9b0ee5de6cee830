import Foundation
import TallyCore
import TallyServices

/// Simulated time: one true instant that the schedule moves forward, read by each replica through its
/// own skew (hours fast or slow), so clocks disagree the way real devices' clocks do.
final class SimTime: @unchecked Sendable {
    private var millis: Int64
    private let lock = NSLock()

    init(start: Date) {
        millis = start.millisecondsSince1970
    }

    var now: Int64 {
        lock.lock()
        defer { lock.unlock() }
        return millis
    }

    func advance(by delta: Int64) {
        lock.lock()
        defer { lock.unlock() }
        millis += max(0, delta)
    }
}

/// A replica's wall clock: true simulated time plus a fixed skew.
struct SkewedClock: WallClock {
    let time: SimTime
    let skewMillis: Int64

    func now() -> Date { Date(millisecondsSince1970: time.now + skewMillis) }
}

/// Backoff waits pass on the simulated clock, instantly.
struct SimSleeper: Sleeper {
    let time: SimTime

    func sleep(seconds: TimeInterval) async throws { time.advance(by: Int64(seconds * 1000)) }
}
