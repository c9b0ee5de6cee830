import Foundation
import PostgresNIO

/// How a store's PostgresNIO client (its pool of connections) is run, and whether it has stopped: by the
/// store, in a task of its own that ``PostgresStore/shutdown()`` ends, or by the caller's service group
/// through ``PostgresStore/clientService``.
final class PostgresClientRun: @unchecked Sendable {
    // NSLock rather than Synchronization.Mutex, which needs macOS 15 and the package supports macOS 14.
    private let lock = NSLock()
    private var task: Task<Void, Never>?
    private var stopped = false

    /// Runs `client` in a task of its own, until ``stop()``.
    func start(_ client: PostgresClient) {
        let task = Task { [self] in
            await client.run()
            markStopped()
        }
        lock.withLock { self.task = task }
    }

    /// Ends the task ``start(_:)`` began, if there is one, and waits for its connections to close.
    func stop() async {
        let task = lock.withLock { self.task }
        task?.cancel()
        await task?.value
        markStopped()
    }

    /// Ends the task ``start(_:)`` began without waiting (a store dropped without `shutdown()`).
    func cancel() { lock.withLock { task }?.cancel() }

    /// Whether the client has stopped: calls made now are refused because the process is shutting down.
    var hasStopped: Bool { lock.withLock { stopped || task?.isCancelled == true } }

    func markStopped() { lock.withLock { stopped = true } }
}
