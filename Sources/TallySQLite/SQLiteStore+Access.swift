import Foundation
import GRDB
import TallyCore
import TallyStorage

/// Invites, failed log-ins and server switches: the small tables around accounts.
extension SQLiteStore {
    public func createInvite(_ invite: Invite) async throws {
        try await pool.write { db in
            try db.execute(
                sql: "INSERT INTO invites (digest, created_by, created_ms, expires_ms) VALUES (?, ?, ?, ?)",
                arguments: [
                    invite.digest, invite.createdBy.text, invite.createdAt.millisecondsSince1970,
                    invite.expiresAt.millisecondsSince1970,
                ])
        }
    }

    public func consumeInvite(digest: String, now: Date) async throws -> Bool {
        try await pool.write { db in
            try db.execute(
                sql: "DELETE FROM invites WHERE digest = ? AND expires_ms > ?",
                arguments: [digest, now.millisecondsSince1970])
            return db.changesCount > 0
        }
    }

    public func loginFailures(key: String, since: Date) async throws -> [Date] {
        try await pool.read { db in
            try Int64.fetchAll(
                db, sql: "SELECT at_ms FROM login_failures WHERE key = ? AND at_ms >= ? ORDER BY at_ms",
                arguments: [key, since.millisecondsSince1970]
            ).map { Date(millisecondsSince1970: $0) }
        }
    }

    public func admitLoginAttempt(
        keys: [LoginThrottle.Key], at instant: Date, since: Date
    ) async throws -> (key: LoginThrottle.Key, attempts: [Date])? {
        try await pool.write { db in
            let from = since.millisecondsSince1970
            try db.execute(sql: "DELETE FROM login_failures WHERE at_ms < ?", arguments: [from])
            for key in keys {
                let recent = try Int64.fetchAll(
                    db, sql: "SELECT at_ms FROM login_failures WHERE key = ? AND at_ms >= ? ORDER BY at_ms",
                    arguments: [key.text, from])
                if recent.count >= key.limit { return (key, recent.map { Date(millisecondsSince1970: $0) }) }
            }
            for key in keys {
                try db.execute(
                    sql: "INSERT INTO login_failures (key, at_ms) VALUES (?, ?)",
                    arguments: [key.text, instant.millisecondsSince1970])
            }
            return nil
        }
    }

    public func forgetLoginAttempt(keys: [String], at instant: Date) async throws {
        try await pool.write { db in
            for key in keys {
                try db.execute(
                    sql: """
                        DELETE FROM login_failures WHERE rowid =
                            (SELECT rowid FROM login_failures WHERE key = ? AND at_ms = ? LIMIT 1)
                        """,
                    arguments: [key, instant.millisecondsSince1970])
            }
        }
    }

    public func clearLoginFailures(key: String) async throws {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM login_failures WHERE key = ?", arguments: [key])
        }
    }

    public func serverSecret(named name: String, make: @Sendable () -> String) async throws -> String {
        try await pool.write { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO server_secrets (name, value) VALUES (?, ?)", arguments: [name, make()])
            guard
                let value = try String.fetchOne(
                    db, sql: "SELECT value FROM server_secrets WHERE name = ?", arguments: [name])
            else { throw StoreFault.corrupt("server_secrets") }
            return value
        }
    }

    public func serverSetting(_ key: String) async throws -> String? {
        try await pool.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM server_settings WHERE key = ?", arguments: [key])
        }
    }

    public func setServerSetting(_ key: String, value: String?) async throws {
        try await pool.write { db in
            if let value {
                try db.execute(
                    sql: "INSERT INTO server_settings (key, value) VALUES (?, ?) "
                        + "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    arguments: [key, value])
            } else {
                try db.execute(sql: "DELETE FROM server_settings WHERE key = ?", arguments: [key])
            }
        }
    }
}
