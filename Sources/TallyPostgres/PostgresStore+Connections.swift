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
    ///
    /// While the database is known to be gone (``ConnectionWatch``), a call fails at once. A call that waits
    /// ``ConnectionWatch/patience`` for a connection asks whether the database can be reached at all, and
    /// fails at once when it cannot; a pool that is only busy is waited for. `watched: false` is the retry of
    /// a lost database itself, which must reach the pool.
    func withConnection<T: Sendable>(
        watched: Bool = true, _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    )
        async throws -> T
    {
        if watched, let reason = watch.lostReason {
            throw TallyError.unavailable("PostgreSQL at \(url.endpoint) is not available: \(reason)")
        }
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
        let watchdog = Task { [watch, weak self] in
            let started = ContinuousClock.now
            let deadline = started + leaseTimeout
            var asked = !watched
            while !outcome.isDone {
                if !asked, gate.connection == nil, ContinuousClock.now >= started + ConnectionWatch.patience {
                    asked = true
                    Task {
                        guard let self, let reason = await watch.reach({ await self.connectOnce() }) else { return }
                        if gate.giveUp() {
                            outcome.finish(.failure(LeaseFailure.unreachable(reason)))
                            call.cancel()
                        }
                    }
                }
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
            var error = error
            if gate.connection == nil, !(error is LeaseFailure), !Task.isCancelled {
                // The pool itself refused: it is shut down, or gave up connecting.
                error = running.hasStopped ? LeaseFailure.shutDown : LeaseFailure.refused
            }
            let fault = PostgresFailure.during(error, url: url)
            if watched, let said = fault as? TallyError, case .unavailable = said, PostgresFailure.meansGone(error) {
                await checkReach()
            }
            throw fault
        }
    }

    /// After a broken or refused connection: whether the database takes a new one. A connection the server
    /// ended alone (an administrator's `pg_terminate_backend`) is no outage; a database that takes none is
    /// taken for gone (see ``databaseLost(_:)``).
    func checkReach() async {
        guard !running.hasStopped, let reason = await watch.reach({ await self.connectOnce() }) else { return }
        databaseLost(reason)
    }

    /// Takes the database for gone (see ``ConnectionWatch``) and, the first time, tries it again until a
    /// pooled connection answers: a direct connection first, so nothing waits in the pool while it is down.
    private func databaseLost(_ reason: String) {
        guard watch.markLost(reason) else { return }
        Task { [weak self] in
            while true {
                try? await Task.sleep(for: ConnectionWatch.retryInterval)
                guard let self, !running.hasStopped else { return }
                guard await connectOnce() == nil else { continue }
                do {
                    try await withConnection(watched: false) { [logger] connection in
                        _ = try await connection.query("SELECT 1", logger: logger)
                    }
                    watch.markBack()
                    return
                } catch {
                    continue
                }
            }
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
