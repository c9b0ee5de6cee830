import Foundation

/// A value several tasks or threads change under a lock, with `Synchronization.Mutex`'s `withLock`; an
/// `NSLock` inside, because Mutex needs macOS 15 and the package supports macOS 14.
public final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, which it may change, while no one else holds the lock.
    @discardableResult
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
