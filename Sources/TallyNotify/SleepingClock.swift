import Foundation
import TallyCore

/// A clock the scheduler can wait on: "now", and a sleep until an instant. The server runs it on the real
/// clock; tests pin it and move it on by hand.
public protocol SleepingClock: WallClock {
    /// Returns at `instant` (or soon after), or throws when the task is cancelled.
    func sleep(until instant: Date) async throws
}
