import Foundation
import TallyCore
import Testing

@testable import TallyPostgres

/// Opening a store at a wrong address answers, in one line naming the server and the reason, never hanging.
///
/// The time bounds here only guard against a hang: with two cores, tests that keep threads busy elsewhere
/// in the suite (the sync simulation runs for minutes) held this one up for 117 s once. How promptly a
/// person gets the answer is timed by `DatabaseFaultCLITests`, in a process of its own.
@Suite struct ConnectionFaultTests {
    static let hangGuard: Duration = .seconds(240)

    /// Needs no server: nothing listens on port 1.
    @Test func refusedPortAnswersAtOnceNamingTheServer() async throws {
        let started = ContinuousClock.now
        await #expect(throws: TallyError.unavailable("cannot reach PostgreSQL at 127.0.0.1:1: connection refused")) {
            _ = try await PostgresStore.open(url: "postgres://tally@127.0.0.1:1/tally", logger: TestServer.quiet)
        }
        #expect(ContinuousClock.now - started < Self.hangGuard)
    }

    @Test(.enabled(if: TestServer.enabled)) func unknownDatabaseIsNamed() async throws {
        var url = try TestServer.adminURL()
        url.database = "tally_nope_\(UInt32.random(in: 0...UInt32.max))"
        let message = "PostgreSQL at \(url.endpoint): database \"\(url.database)\" does not exist"
        await #expect(throws: TallyError.unavailable(message)) {
            _ = try await PostgresStore.open(url: url, logger: TestServer.quiet)
        }
    }

    @Test(.enabled(if: TestServer.enabled)) func unknownUserIsNamed() async throws {
        var url = try TestServer.adminURL()
        url.user = "nobody_\(UInt32.random(in: 0...UInt32.max))"
        await #expect(
            throws: TallyError.unavailable("PostgreSQL at \(url.endpoint): role \"\(url.user)\" does not exist")
        ) {
            _ = try await PostgresStore.open(url: url, logger: TestServer.quiet)
        }
    }

    /// The test server asks members of `tally_password_auth` for a password (scripts/postgres-test-cluster).
    @Test(.enabled(if: TestServer.enabled)) func wrongPasswordIsNamed() async throws {
        let groups = try await TestServer.run("SELECT 1 FROM pg_roles WHERE rolname = 'tally_password_auth'")
        try #require(
            !groups.isEmpty, "the test server has no role tally_password_auth; use scripts/postgres-test-cluster")
        let role = "password_user_\(UInt32.random(in: 0...UInt32.max))"
        try await TestServer.run(
            "CREATE ROLE \(unescaped: role) LOGIN PASSWORD 'right one' IN ROLE tally_password_auth")
        try await TestDatabase.with { database in
            try await database.run("GRANT CREATE ON SCHEMA public TO \(unescaped: role)")
            var url = database.url
            url.user = role
            url.password = "wrong one"
            let started = ContinuousClock.now
            let message = "PostgreSQL at \(url.endpoint): password authentication failed for user \"\(role)\""
            await #expect(throws: TallyError.unavailable(message)) {
                _ = try await PostgresStore.open(url: url, logger: TestServer.quiet)
            }
            #expect(ContinuousClock.now - started < Self.hangGuard)
            url.password = "right one"
            let store = try await PostgresStore.open(url: url, logger: TestServer.quiet)
            await store.shutdown()
        }
        try await TestServer.run("DROP ROLE \(unescaped: role)")
    }

    @Test func silentServerTimesOut() async throws {
        // A listening socket that never answers: the connection is made, the log-in never completes.
        let listener = try SilentListener()
        let started = ContinuousClock.now
        await #expect(
            throws: TallyError.unavailable(
                "cannot reach PostgreSQL at 127.0.0.1:\(listener.port): no answer within 5 seconds")
        ) {
            _ = try await PostgresStore.open(
                url: "postgres://tally@127.0.0.1:\(listener.port)/tally?sslmode=disable", logger: TestServer.quiet)
        }
        #expect(ContinuousClock.now - started < Self.hangGuard)
    }
}
