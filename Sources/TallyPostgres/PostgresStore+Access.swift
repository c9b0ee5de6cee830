import Foundation
import PostgresNIO
import TallyCore
import TallyStorage

/// Invites, failed log-ins and server switches: the small tables around accounts. Being in the database,
/// failed log-ins count across every server process.
extension PostgresStore {
    public func createInvite(_ invite: Invite) async throws {
        try await execute(
            """
            INSERT INTO invites (digest, created_by, created_ms, expires_ms)
            VALUES (\(invite.digest), \(invite.createdBy), \(invite.createdAt.millisecondsSince1970),
                \(invite.expiresAt.millisecondsSince1970))
            """)
    }

    public func consumeInvite(digest: String, now: Date) async throws -> Bool {
        // One statement: two processes taking the same invite at once cannot both get it.
        try await !rows(
            "DELETE FROM invites WHERE digest = \(digest) AND expires_ms > \(now.millisecondsSince1970) RETURNING 1"
        ).isEmpty
    }

    public func loginFailures(key: String, since: Date) async throws -> [Date] {
        try await rows(
            """
            SELECT at_ms FROM login_failures WHERE key = \(key) AND at_ms >= \(since.millisecondsSince1970)
            ORDER BY at_ms
            """
        ).map { Date(millisecondsSince1970: try $0.decode(Int64.self)) }
    }

    public func admitLoginAttempt(
        keys: [LoginThrottle.Key], at instant: Date, since: Date
    ) async throws -> (key: LoginThrottle.Key, attempts: [Date])? {
        try await withTransaction { [logger] connection in
            let from = since.millisecondsSince1970
            // One attempt at a time per key, across every process: the count and the insert are one step.
            for key in keys.map(\.text).sorted() {
                try await connection.execute(
                    "SELECT pg_advisory_xact_lock(\(Self.loginLockSpace), hashtext(\(key)))", logger: logger)
            }
            try await connection.execute("DELETE FROM login_failures WHERE at_ms < \(from)", logger: logger)
            for key in keys {
                let recent = try await connection.query(
                    "SELECT at_ms FROM login_failures WHERE key = \(key.text) AND at_ms >= \(from) ORDER BY at_ms",
                    logger: logger
                ).collect().map { Date(millisecondsSince1970: try $0.decode(Int64.self)) }
                if recent.count >= key.limit { return (key, recent) }
            }
            for key in keys {
                try await connection.execute(
                    "INSERT INTO login_failures (key, at_ms) VALUES (\(key.text), \(instant.millisecondsSince1970))",
                    logger: logger)
            }
            return nil
        }
    }

    /// The first key of the advisory locks taken by log-in attempts (the ASCII bytes of "tlog").
    static let loginLockSpace: Int32 = 0x746c_6f67

    public func forgetLoginAttempt(keys: [String], at instant: Date) async throws {
        for key in keys {
            try await execute(
                """
                DELETE FROM login_failures WHERE ctid = (SELECT ctid FROM login_failures
                    WHERE key = \(key) AND at_ms = \(instant.millisecondsSince1970) LIMIT 1)
                """)
        }
    }

    public func clearLoginFailures(key: String) async throws {
        try await execute("DELETE FROM login_failures WHERE key = \(key)")
    }

    public func serverSecret(named name: String, make: @Sendable () -> String) async throws -> String {
        try await execute(
            "INSERT INTO server_secrets (name, value) VALUES (\(name), \(make())) ON CONFLICT (name) DO NOTHING")
        guard let value = try await rows("SELECT value FROM server_secrets WHERE name = \(name)").first else {
            throw StoreFault.corrupt("server_secrets")
        }
        return try value.decode(String.self)
    }

    public func serverSetting(_ key: String) async throws -> String? {
        try await rows("SELECT value FROM server_settings WHERE key = \(key)").first?.decode(String.self)
    }

    public func setServerSetting(_ key: String, value: String?) async throws {
        if let value {
            try await execute(
                """
                INSERT INTO server_settings (key, value) VALUES (\(key), \(value))
                ON CONFLICT (key) DO UPDATE SET value = excluded.value
                """)
        } else {
            try await execute("DELETE FROM server_settings WHERE key = \(key)")
        }
    }
}
