import Foundation
import TallyCore

/// Failed log-ins, counted per key (a name, an address, a device) so that every process on the
/// database throttles the same attempts.
public protocol LoginThrottleStore: Sendable {
    /// The attempts counted under `key` since `since`, oldest first.
    func loginFailures(key: String, since: Date) async throws -> [Date]
    func clearLoginFailures(key: String) async throws

    /// Counts a log-in attempt before its password is checked, in one atomic step: when every key has fewer
    /// than its limit of attempts since `since`, records one for each at `instant` and returns nil (the
    /// attempt may go on; it stays recorded as a failure unless ``forgetLoginAttempt(keys:at:)`` takes it
    /// back); otherwise records nothing and returns the first key that is full with its attempts in the
    /// window. Concurrent attempts cannot all slip under a limit. Also forgets attempts older than `since`.
    func admitLoginAttempt(
        keys: [LoginThrottle.Key], at instant: Date, since: Date
    ) async throws -> (key: LoginThrottle.Key, attempts: [Date])?

    /// Takes back the attempt recorded for each key at `instant` (it succeeded).
    func forgetLoginAttempt(keys: [String], at instant: Date) async throws
}
