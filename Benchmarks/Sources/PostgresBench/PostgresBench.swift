// What the HTTP benchmarks need of a PostgreSQL server: a database of their own for a run, and the
// server's processes, whose CPU time is part of what each write costs.
import Foundation
import HTTPLoad
import Logging
import PostgresNIO

/// A `postgres://USER[:PASSWORD]@HOST[:PORT]/DB` address, read with Foundation (no Tally code here: the
/// benchmarks measure a `tally` binary from outside).
public struct PostgresAddress: Sendable {
    public var user: String
    public var password: String?
    public var host: String
    public var port: Int
    public var database: String

    public init(_ text: String) {
        guard let url = URLComponents(string: text), let host = url.host, let user = url.user else {
            fatalError("\(text) is not a postgres://USER@HOST[:PORT]/DB address")
        }
        self.user = user
        password = url.password
        self.host = host
        port = url.port ?? 5432
        database = String(url.path.dropFirst())
    }

    public var text: String { "postgres://\(user)\(password.map { ":\($0)" } ?? "")@\(host):\(port)/\(database)" }
}

/// A connection to the server as its administrator, which makes and drops each run's databases and lists the
/// server's processes.
public final class PostgresBench: Sendable {
    public let admin: PostgresAddress
    let connection: PostgresConnection
    static let logger = Logger(label: "bench", factory: { _ in SwiftLogNoOpLogHandler() })

    public init(_ admin: PostgresAddress) async throws {
        self.admin = admin
        connection = try await Self.connect(admin)
    }

    public static func connect(_ url: PostgresAddress) async throws -> PostgresConnection {
        let configuration = PostgresConnection.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database,
            tls: .disable)
        return try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
    }

    /// A new, empty database; its address.
    public func createDatabase() async throws -> PostgresAddress {
        let name = "tally_bench_\(UInt32.random(in: 0...UInt32.max))"
        _ = try await connection.query("CREATE DATABASE \(unescaped: name)", logger: Self.logger).collect()
        var address = admin
        address.database = name
        return address
    }

    public func dropDatabase(_ address: PostgresAddress) async throws {
        _ = try await connection.query(
            "DROP DATABASE \(unescaped: address.database) WITH (FORCE)", logger: Self.logger
        ).collect()
    }

    /// The server's processes as they are now: every backend and background process it reports, and the
    /// postmaster above them (the database must be on this machine for their CPU time to be read).
    public func processes() async throws -> [Int32] {
        var pids: [Int32] = []
        for try await pid in try await connection.query("SELECT pid FROM pg_stat_activity", logger: Self.logger)
            .decode(Int32.self)
        {
            pids.append(pid)
        }
        if let first = pids.first { pids.append(ProcessCPU.parent(first)) }
        return pids
    }

    public func close() async throws {
        try await connection.close()
    }
}
