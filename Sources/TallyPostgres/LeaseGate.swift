import Foundation
import PostgresNIO

/// Decides, once, whether a call got its pooled connection in time or gave up waiting: the connection and the
/// deadline race in two tasks, and exactly one of them wins. A connection that arrives after the call gave up is
/// handed straight back, so a late lease never runs a statement nobody waits for. Once leased, the gate holds
/// the connection so the deadline's task can watch it.
final class LeaseGate: @unchecked Sendable {
    private enum State {
        case waiting
        case leased(PostgresConnection)
        case gaveUp
    }

    // NSLock rather than Synchronization.Mutex, which needs macOS 15 and the package supports macOS 14.
    private let lock = NSLock()
    private var state = State.waiting

    /// Called with the connection in hand: true when the call still wants it.
    func lease(_ connection: PostgresConnection) -> Bool {
        lock.withLock {
            guard case .waiting = state else { return false }
            state = .leased(connection)
            return true
        }
    }

    /// Called at the deadline: true when no connection came, so the call gives up.
    func giveUp() -> Bool {
        lock.withLock {
            guard case .waiting = state else { return false }
            state = .gaveUp
            return true
        }
    }

    /// The connection the call is running on, once it has one.
    var connection: PostgresConnection? {
        lock.withLock {
            guard case .leased(let connection) = state else { return nil }
            return connection
        }
    }
}

/// Why a call got no pooled connection, or lost the one it had.
enum LeaseFailure: Error {
    /// None within ``PostgresStore/leaseTimeout``: the server is down, unreachable or out of connections.
    case timedOut(seconds: Int64)
    /// ``PostgresStore/shutdown()`` has run.
    case shutDown
    /// The pool refused for another reason (PostgresNIO gives up after a minute of failed connections).
    case refused
    /// The connection closed under the call (the server ended it) and the call had no answer.
    case connectionLost
    /// No connection was to be had, and one made apart from the pool failed, for this reason.
    case unreachable(String)

    var reason: String {
        switch self {
        case .timedOut(let seconds): "no connection to it within \(seconds == 1 ? "1 second" : "\(seconds) seconds")"
        case .shutDown: "the store is shut down"
        case .refused: "no connection to it could be made"
        case .connectionLost: "the connection to it was lost"
        case .unreachable(let reason): reason
        }
    }
}
