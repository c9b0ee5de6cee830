import Foundation
import TallyTestSupport

/// A new database on the test PostgreSQL server (`TALLY_TEST_POSTGRES_URL`, started by `.ci/run`), made
/// and dropped with `psql`. Without a server the tests that need one are skipped, except in CI.
struct PostgresTestDatabase {
    static let adminURL = ProcessInfo.processInfo.environment["TALLY_TEST_POSTGRES_URL"].flatMap {
        $0.isEmpty ? nil : $0
    }
    static let enabled =
        adminURL != nil || ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty && $0 != "false" } ?? false

    let name: String
    let url: String

    init() throws {
        guard let admin = Self.adminURL else {
            throw CLIFailure(result: .init(status: -1, stdout: "", stderr: "TALLY_TEST_POSTGRES_URL is not set"))
        }
        name = "tally_cli_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased()
        guard let slash = admin.lastIndex(of: "/") else {
            throw CLIFailure(result: .init(status: -1, stdout: "", stderr: "\(admin) names no database"))
        }
        url = admin[..<slash] + "/" + name
        try Self.psql(admin, "CREATE DATABASE \(name)")
    }

    func drop() {
        guard let admin = Self.adminURL else { return }
        try? Self.psql(admin, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }

    /// Runs `sql` with `psql` on the database at `url` and returns its unaligned output; a failure throws
    /// with psql's message.
    @discardableResult
    static func psql(_ url: String, _ sql: String) throws -> String {
        let finished = try ChildProcess.run("psql", [url, "-v", "ON_ERROR_STOP=1", "-Atqc", sql])
        guard finished.status == 0 else {
            throw CLIFailure(
                result: .init(
                    status: finished.status, stdout: "", stderr: String(decoding: finished.stderr, as: UTF8.self)))
        }
        return String(decoding: finished.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
