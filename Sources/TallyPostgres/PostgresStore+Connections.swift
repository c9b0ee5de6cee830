import Foundation
import PostgresNIO
import TallyCore

/// Every call reaches the database through these: a pooled connection, given up on after ``leaseTimeout``,
/// and PostgresNIO's errors turned into Tally's (see ``PostgresFailure``).
extension PostgresStore {
    /// Runs `body` on a pooled connection. Waiting longer than ``leaseTimeout`` for one, a lost connection
    /// and a server shutting down are ``TallyError/unavailable(_:)``; `body`'s own errors come out as they are.
    func withConnection<T: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    )
        async throws -> T
    {
        let gate = LeaseGate()
        let client = client
        let timeout = LeaseFailure.timedOut(seconds: leaseTimeout.components.seconds)
        let leaseTimeout = leaseTimeout
        do {
            // Two tasks race: the call (which first waits for a connection) and the deadline. A value of nil
            // is the deadline passing after the connection came: the call goes on.
            return try await withThrowingTaskGroup(of: T?.self) { group in
                group.addTask {
                    try await client.withConnection { connection in
                        guard gate.lease() else { throw timeout }
                        return try await body(connection)
                    }
                }
                group.addTask {
                    try await Task.sleep(for: leaseTimeout)
                    guard gate.giveUp() else { return nil }
                    throw timeout
                }
                while let result = try await group.next() {
                    if let value = result {
                        group.cancelAll()
                        return value
                    }
                }
                throw CancellationError()
            }
        } catch {
            if !gate.leased, !(error is LeaseFailure), !Task.isCancelled {
                // The pool itself refused: it is shut down, or gave up connecting.
                let failure = running.isCancelled ? LeaseFailure.shutDown : .refused
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
