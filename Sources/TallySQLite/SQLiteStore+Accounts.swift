import Foundation
import GRDB
import TallyCore
import TallyStorage

extension SQLiteStore {
    public func createUser(_ user: UserAccount) async throws {
        try await insertOrConflict("the name \(user.name) is taken") { db in
            try db.execute(
                sql: "INSERT INTO users (id, name, is_admin, password_hash, created_ms) VALUES (?, ?, ?, ?, ?)",
                arguments: [
                    user.id.text, user.name, user.isAdmin, user.passwordHash,
                    user.createdAt.millisecondsSince1970,
                ])
        }
    }

    public func users() async throws -> [UserAccount] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM users ORDER BY created_ms, name").map(UserAccount.init(row:))
        }
    }

    public func user(id: UUID) async throws -> UserAccount? {
        try await pool.read { db in try Self.user(id: id, db) }
    }

    static func user(id: UUID, _ db: Database) throws -> UserAccount? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM users WHERE id = ?"), arguments: [id.text])
            .map(UserAccount.init(row:))
    }

    public func user(named name: String) async throws -> UserAccount? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM users WHERE name = ?", arguments: [name])
                .map(UserAccount.init(row:))
        }
    }

    public func setPasswordHash(_ hash: String, userID: UUID) async throws {
        try await pool.write { db in
            try db.execute(
                sql: "UPDATE users SET password_hash = ? WHERE id = ?", arguments: [hash, userID.text])
        }
    }

    public func deleteUser(id: UUID) async throws {
        let orphans: [String] = try await pool.write { db in
            // The user's data holds the id as its 16 bytes; the accounts tables hold it as text.
            let syncTables = [
                "sync_devices", "compaction_markers", "sync_horizons", "notification_channels", "calendar_feeds",
                "notification_deliveries", "notification_log", "notification_snoozes", "widget_links", "day_totals",
                "day_total_basis", "diary_shares",
            ]
            for table in RecordTable.all.map(\.name) + syncTables {
                try db.execute(sql: "DELETE FROM \(table) WHERE owner_id = ?", arguments: [id])
            }
            let names = try String.fetchAll(
                db, sql: "SELECT name FROM image_owners WHERE owner_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM image_owners WHERE owner_id = ?", arguments: [id])
            // Sessions, tokens and invites go with the user (ON DELETE CASCADE).
            try db.execute(sql: "DELETE FROM users WHERE id = ?", arguments: [id.text])
            return try names.filter { name in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM image_owners WHERE name = ?", arguments: [name]) == 0
            }
        }
        // Pictures nobody else uploaded go too, once the rows that named them are gone.
        for name in orphans {
            try? FileManager.default.removeItem(at: imageDirectory.appendingPathComponent(name))
        }
    }

    public func createSession(_ session: LoginSession) async throws {
        try await pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO sessions (digest, user_id, csrf_token, created_ms, expires_ms, remember)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    session.digest, session.userID.text, session.csrfToken,
                    session.createdAt.millisecondsSince1970, session.expiresAt.millisecondsSince1970,
                    session.remember,
                ])
        }
    }

    public func session(digest: String) async throws -> (session: LoginSession, user: UserAccount)? {
        try await pointRead { db in
            guard
                let session = try Row.fetchOne(
                    db.cachedStatement(sql: "SELECT * FROM sessions WHERE digest = ?"), arguments: [digest]
                ).map(LoginSession.init(row:)),
                let user = try Self.user(id: session.userID, db)
            else { return nil }
            return (session, user)
        }
    }

    public func deleteSession(digest: String) async throws {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM sessions WHERE digest = ?", arguments: [digest])
        }
    }

    public func deleteSessions(userID: UUID, keeping digest: String?) async throws {
        try await pool.write { db in
            try db.execute(
                sql: "DELETE FROM sessions WHERE user_id = ? AND digest <> ?",
                arguments: [userID.text, digest ?? ""])
        }
    }

    public func createToken(_ token: AccessToken) async throws {
        try await insertOrConflict("you already have a token called \(token.name)") { db in
            try db.execute(
                sql: """
                    INSERT INTO access_tokens (id, user_id, name, digest, created_ms, last_used_ms)
                    VALUES (?, ?, ?, ?, ?, NULL)
                    """,
                arguments: [
                    token.id.text, token.userID.text, token.name, token.digest,
                    token.createdAt.millisecondsSince1970,
                ])
        }
    }

    public func tokens(userID: UUID) async throws -> [AccessToken] {
        try await pool.read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM access_tokens WHERE user_id = ? ORDER BY created_ms, name",
                arguments: [userID.text]
            ).map(AccessToken.init(row:))
        }
    }

    public func token(digest: String) async throws -> (token: AccessToken, user: UserAccount)? {
        try await pointRead { db in
            guard
                let token = try Row.fetchOne(
                    db.cachedStatement(sql: "SELECT * FROM access_tokens WHERE digest = ?"), arguments: [digest]
                ).map(AccessToken.init(row:)),
                let user = try Self.user(id: token.userID, db)
            else { return nil }
            return (token, user)
        }
    }

    public func touchToken(id: UUID, at instant: Date) async throws {
        try await pool.write { db in
            try db.execute(
                sql: "UPDATE access_tokens SET last_used_ms = ? WHERE id = ?",
                arguments: [instant.millisecondsSince1970, id.text])
        }
    }

    public func revokeToken(userID: UUID, name: String) async throws -> Bool {
        try await pool.write { db in
            try db.execute(
                sql: "DELETE FROM access_tokens WHERE user_id = ? AND name = ?", arguments: [userID.text, name])
            return db.changesCount > 0
        }
    }

    public func cacheVersion() async throws -> Int64 {
        try await pointRead { db in
            guard let version = try Int64.fetchOne(db.cachedStatement(sql: "SELECT version FROM cache_version"))
            else { throw StoreFault.corrupt("cache_version") }
            return version
        }
    }

    /// Runs an insert, answering a uniqueness clash with ``TallyError/conflict(_:)`` and `message`.
    private func insertOrConflict(
        _ message: String, _ insert: @escaping @Sendable (Database) throws -> Void
    )
        async throws
    {
        do {
            try await pool.write(insert)
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            throw TallyError.conflict(message)
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY {
            throw TallyError.conflict(message)
        }
    }
}
