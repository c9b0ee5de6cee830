import Foundation
import Logging
import PostgresNIO
import TallyPostgres

/// The PostgreSQL server the tests use, named by `TALLY_TEST_POSTGRES_URL` (a superuser's address, such as
/// the one `scripts/postgres-test-cluster start` prints). Without it the server tests are skipped, except
/// in CI (`CI` set), where they run and fail saying the server is missing: CI must not pass by testing nothing.
enum TestServer {
    static let variable = "TALLY_TEST_POSTGRES_URL"
    static let address = ProcessInfo.processInfo.environment[variable].flatMap { $0.isEmpty ? nil : $0 }
    static let inCI = ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty && $0 != "false" } ?? false
    static let enabled = address != nil || inCI

    /// A bound that tells an answer from a hang, not a speed. Alone, these calls answer in milliseconds (or in
    /// the 5 second connect timeout); in the whole suite on two cores, tests that block threads (the CLI's
    /// subprocesses, SQLite's synchronous writes) have delayed an await by over 30 seconds. Which path
    /// answered is told by the message each test checks, not by the clock.
    static let noHang: Duration = .seconds(55)

    static let quiet = Logger(label: "tally.postgres.tests", factory: { _ in SwiftLogNoOpLogHandler() })

    /// The administrator's address, or an error saying how to name a server.
    static func adminURL() throws -> DatabaseURL {
        guard let address else { throw Missing() }
        return try DatabaseURL(parsing: address)
    }

    /// Runs `sql` as the administrator on `database` (the admin URL's own by default) and returns its rows.
    @discardableResult
    static func run(_ sql: PostgresQuery, database: String? = nil) async throws -> [PostgresRow] {
        var url = try adminURL()
        if let database { url.database = database }
        var configuration = PostgresConnection.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database,
            tls: .disable)
        configuration.options.connectTimeout = .seconds(5)
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: quiet)
        do {
            let rows = try await connection.query(sql, logger: quiet).collect()
            try await connection.close()
            return rows
        } catch {
            try? await connection.close()
            throw error
        }
    }

    struct Missing: Error, CustomStringConvertible {
        var description: String {
            "\(TestServer.variable) is not set, so the PostgreSQL tests have no server: start one with"
                + " `scripts/postgres-test-cluster start` and export the address it prints (.ci/run does this)"
        }
    }
}
