import Foundation

/// How often and how patiently a sync retries a message the transport could not deliver: exponential
/// backoff from `initialDelay`, doubling up to `maxDelay`, for `attempts` tries in all.
public struct RetryPolicy: Sendable {
    public var attempts: Int
    public var initialDelay: TimeInterval
    public var maxDelay: TimeInterval
    public var sleeper: any Sleeper

    public init(
        attempts: Int = 5, initialDelay: TimeInterval = 0.5, maxDelay: TimeInterval = 30,
        sleeper: any Sleeper = TaskSleeper()
    ) {
        self.attempts = max(1, attempts)
        self.initialDelay = initialDelay
        self.maxDelay = maxDelay
        self.sleeper = sleeper
    }

    /// The delay before retry number `retry` (1 for the first retry).
    public func delay(beforeRetry retry: Int) -> TimeInterval {
        min(maxDelay, initialDelay * pow(2, Double(retry - 1)))
    }

    /// Runs `operation`, retrying it after ``SyncTransportError/unreachable(_:)`` with backoff.
    public func run<T: Sendable>(_ operation: () async throws -> T) async throws -> T {
        var retry = 0
        while true {
            do {
                return try await operation()
            } catch let error as SyncTransportError {
                retry += 1
                guard retry < attempts else { throw error }
                try await sleeper.sleep(seconds: delay(beforeRetry: retry))
            }
        }
    }
}

/// Waiting between retries; the simulation waits on its own clock instead of the real one.
public protocol Sleeper: Sendable {
    func sleep(seconds: TimeInterval) async throws
}

public struct TaskSleeper: Sleeper {
    public init() {}

    public func sleep(seconds: TimeInterval) async throws {
        try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
    }
}
