import Foundation
import PostgresNIO
import TallyCore
import Testing

@testable import TallyPostgres

/// A database that goes away under an open store: calls say it is unavailable, promptly, and work again when
/// it is back.
@Suite(.enabled(if: TestServer.enabled)) struct AvailabilityTests {
    /// What a server restart does to open connections: the server ends them (57P01). Some calls meet a
    /// connection the moment it closes, which PostgresNIO alone would leave waiting forever; none may hang.
    @Test func lostConnectionsAreUnavailableThenReplaced() async throws {
        try await TestDatabase.withStore { store, database in
            try await store.setServerSetting("signup", value: "open")
            for _ in 0..<40 {
                try await TestServer.run(
                    """
                    SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                    WHERE datname = \(database.name) AND pid <> pg_backend_pid()
                    """)
                var answered = false
                var refusals: [String] = []
                for _ in 0..<5 where !answered {
                    let started = ContinuousClock.now
                    do {
                        answered = try await store.serverSetting("signup") == "open"
                    } catch TallyError.unavailable(let message) {
                        #expect(message.hasPrefix("PostgreSQL at \(store.url.endpoint) is not available: "))
                        refusals.append(message)
                    }
                    #expect(ContinuousClock.now - started < TestServer.noHang)
                }
                #expect(answered, "\(refusals)")
            }
        }
    }

    /// A server that takes no new connections (down, or refusing this database) answers at once, saying why,
    /// not after the lease timeout or PostgresNIO's minute of retries; and calls work again once it takes them.
    @Test func noConnectionWithinTheTimeoutIsUnavailable() async throws {
        try await TestDatabase.with { database in
            // A long lease timeout: the answer must come from the store's own check, not from giving up.
            let store = try await database.open(leaseTimeout: .seconds(40))
            try await TestServer.run("ALTER DATABASE \(unescaped: database.name) ALLOW_CONNECTIONS false")
            try await TestServer.run(
                """
                SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                WHERE datname = \(database.name) AND pid <> pg_backend_pid()
                """)
            let started = ContinuousClock.now
            // The first call may meet a connection the server has just ended; the next cannot connect.
            var message: String?
            for _ in 0..<3 where message == nil {
                do {
                    _ = try await store.users()
                } catch TallyError.unavailable(let said) {
                    message = said
                }
            }
            // A quarter of a second without a connection, the store connects apart from the pool to find why.
            #expect(
                message
                    == "PostgreSQL at \(store.url.endpoint) is not available: database \"\(database.name)\" is not currently accepting connections"
            )
            #expect(ContinuousClock.now - started < TestServer.noHang)
            try await TestServer.run("ALTER DATABASE \(unescaped: database.name) ALLOW_CONNECTIONS true")
            var back = false
            for _ in 0..<40 where !back {
                back = (try? await store.users()) != nil
                if !back { try await Task.sleep(for: .milliseconds(250)) }
            }
            #expect(back)
            await store.shutdown()
        }
    }

    @Test func callsAfterShutdownAreUnavailable() async throws {
        try await TestDatabase.with { database in
            let store = try await database.open()
            await store.shutdown()
            await #expect(
                throws: TallyError.unavailable(
                    "PostgreSQL at \(store.url.endpoint) is not available: the store is shut down")
            ) {
                _ = try await store.users()
            }
        }
    }
}
