import Foundation

/// The answer to one call, given by whichever comes first: the call itself, or the watchdog that gives up on
/// it. The first answer counts; later ones are ignored. The caller awaits ``value()``.
final class CallOutcome<Value: Sendable>: @unchecked Sendable {
    private enum State {
        case pending(CheckedContinuation<Result<Value, any Error>, Never>?)
        case done(Result<Value, any Error>)
    }

    private let lock = NSLock()
    private var state = State.pending(nil)

    /// Records `result` unless an answer is already in, and wakes the caller.
    func finish(_ result: Result<Value, any Error>) {
        let waiting: CheckedContinuation<Result<Value, any Error>, Never>? = lock.withLock {
            guard case .pending(let continuation) = state else { return nil }
            state = .done(result)
            return continuation
        }
        waiting?.resume(returning: result)
    }

    var isDone: Bool {
        lock.withLock {
            if case .done = state { return true }
            return false
        }
    }

    /// Waits for the first answer.
    func value() async -> Result<Value, any Error> {
        await withCheckedContinuation { continuation in
            let ready: Result<Value, any Error>? = lock.withLock {
                switch state {
                case .done(let result): return result
                case .pending: state = .pending(continuation)
                }
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
