import Foundation
import PostgresNIO
import TallyCore

/// Every call reaches the database through these: a pooled connection, given up on after ``leaseTimeout``,
/// and PostgresNIO's errors turned into Tally's (see ``PostgresFailure``).
extension PostgresStore {
    /// Runs `body` on a pooled connection. Waiting longer than ``leaseTimeout`` for one, a lost connection
    /// and a server shutting down are ``TallyError/unavailable(_:)``; `body`'s own errors come out as they are.
    ///
    /// The call runs in a task of its own and a watchdog task beside it, and the caller takes the first answer.
    /// The watchdog gives up on a call that got no connection by the deadline, and on one whose connection
    /// closed under it without an answer: PostgresNIO 1.33 never answers a statement written to a connection
    /// that has just closed (it sends the statement with no promise to fail), so that call would wait forever.
    /// Such a call is left behind, suspended, rather than awaited.
    func withConnection<T: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    )
        async throws -> T
    {
        let gate = LeaseGate()
        let outcome = CallOutcome<T>()
        let client = client
        let leaseTimeout = leaseTimeout
        let timedOut = LeaseFailure.timedOut(seconds: leaseTimeout.components.seconds)
        let call = Task {
            while true {
                do {
                    let value: T = try await client.withConnection {
                        (connection: PostgresConnection) async throws -> T in
                        // The pool can hand out a connection the server closed a moment ago (it has not heard
                        // yet). Nothing was sent on it, so another is asked for, until the deadline.
                        guard !connection.isClosed else { throw StaleConnection() }
                        guard gate.lease(connection) else { throw timedOut }
                        return try await body(connection)
                    }
                    outcome.finish(Result<T, any Error>.success(value))
                } catch is StaleConnection {
                    do {
                        try await Task.sleep(for: .milliseconds(10))
                        continue
                    } catch {
                        outcome.finish(.failure(error))
                    }
                } catch {
                    outcome.finish(.failure(error))
                }
                return
            }
        }
        let watchdog = Task {
            let deadline = ContinuousClock.now + leaseTimeout
            while !outcome.isDone {
                if let connection = gate.connection {
                    // A slow call is fine; one on a closed connection gets a second to give its own answer.
                    if connection.isClosed {
                        try await Task.sleep(for: .seconds(1))
                        outcome.finish(.failure(LeaseFailure.connectionLost))
                        return
                    }
                } else if ContinuousClock.now >= deadline, gate.giveUp() {
                    outcome.finish(.failure(timedOut))
                    call.cancel()
                    return
                }
                try await Task.sleep(for: .milliseconds(250))
            }
        }
        let result = await withTaskCancellationHandler {
            await outcome.value()
        } onCancel: {
            call.cancel()
        }
        watchdog.cancel()
        switch result {
        case .success(let value):
            return value
        case .failure(let error):
            if gate.connection == nil, !(error is LeaseFailure), !Task.isCancelled {
                // The pool itself refused: it is shut down, or gave up connecting.
                let failure = running.hasStopped ? LeaseFailure.shutDown : .refused
                throw PostgresFailure.during(failure, url: url)
            }
            throw PostgresFailure.during(error, url: url)
        }
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    func withTransaction<T: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    )
        async throws -> T
    {
        try await withConnection { [logger] connection in
            try await connection.withTransaction(logger: logger) { try await body($0) }
        }
    }

    /// Runs one statement on its own and returns every row it gives.
    func rows(_ query: PostgresQuery) async throws -> [PostgresRow] {
        try await withConnection { [logger] connection in try await connection.rows(query, logger: logger) }
    }

    /// Runs one statement on its own, for its effect.
    func execute(_ query: PostgresQuery) async throws {
        _ = try await rows(query)
    }
}

/// A pooled connection found closed before anything was sent on it.
private struct StaleConnection: Error {}
