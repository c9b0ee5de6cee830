import Foundation
import PostgresNIO
import TallyCore
import TallyStorage

/// Users, sessions and tokens, with the SQLite store's behaviour: a taken name is a conflict, and deleting a
/// user takes everything they own with them.
extension PostgresStore: AccountStore {
    /// Tables of what each user owns (an `owner_id uuid` column), emptied of the user's rows when the user
    /// is deleted.
    static let recordTables = [
        "records", "owner_clocks", "compaction_markers", "sync_devices", "sync_horizons", "notification_channels",
        "calendar_feeds", "notification_deliveries", "notification_log", "notification_snoozes", "widget_links",
        "day_totals", "day_total_basis", "diary_shares",
    ]

    public func createUser(_ user: UserAccount) async throws {
        try await insertOrConflict(
            "the name \(user.name) is taken",
            """
            INSERT INTO users (id, name, is_admin, password_hash, created_ms)
            VALUES (\(user.id), \(user.name), \(user.isAdmin), \(user.passwordHash), \(user.createdAt.millisecondsSince1970))
            """)
    }

    public func users() async throws -> [UserAccount] {
        try await rows("SELECT \(unescaped: UserAccount.columns) FROM users ORDER BY created_ms, name")
            .map(UserAccount.init(row:))
    }

    public func user(id: UUID) async throws -> UserAccount? {
        try await rows("SELECT \(unescaped: UserAccount.columns) FROM users WHERE id = \(id)")
            .first.map(UserAccount.init(row:))
    }

    public func user(named name: String) async throws -> UserAccount? {
        try await rows("SELECT \(unescaped: UserAccount.columns) FROM users WHERE name = \(name)")
            .first.map(UserAccount.init(row:))
    }

    public func setPasswordHash(_ hash: String, userID: UUID) async throws {
        try await execute("UPDATE users SET password_hash = \(hash) WHERE id = \(userID)")
    }

    public func deleteUser(id: UUID) async throws {
        try await withTransaction { [logger] connection in
            for table in Self.recordTables {
                try await connection.execute("DELETE FROM \(unescaped: table) WHERE owner_id = \(id)", logger: logger)
            }
            try await Self.deleteImageOwnership(of: id, connection, logger: logger)
            // Sessions, tokens and invites go with the user (ON DELETE CASCADE).
            try await connection.execute("DELETE FROM users WHERE id = \(id)", logger: logger)
        }
    }

    public func createSession(_ session: LoginSession) async throws {
        try await execute(
            """
            INSERT INTO sessions (digest, user_id, csrf_token, created_ms, expires_ms, remember)
            VALUES (\(session.digest), \(session.userID), \(session.csrfToken),
                \(session.createdAt.millisecondsSince1970), \(session.expiresAt.millisecondsSince1970), \(session.remember))
            """)
    }

    public func session(digest: String) async throws -> (session: LoginSession, user: UserAccount)? {
        try await credential(LoginSession.self, in: "sessions", digest: digest)
    }

    public func deleteSession(digest: String) async throws {
        try await execute("DELETE FROM sessions WHERE digest = \(digest)")
    }

    public func deleteSessions(userID: UUID, keeping digest: String?) async throws {
        try await execute("DELETE FROM sessions WHERE user_id = \(userID) AND digest <> \(digest ?? "")")
    }

    public func createToken(_ token: AccessToken) async throws {
        try await insertOrConflict(
            "you already have a token called \(token.name)",
            """
            INSERT INTO access_tokens (id, user_id, name, digest, created_ms, last_used_ms)
            VALUES (\(token.id), \(token.userID), \(token.name), \(token.digest), \(token.createdAt.millisecondsSince1970), NULL)
            """)
    }

    public func tokens(userID: UUID) async throws -> [AccessToken] {
        try await rows(
            """
            SELECT \(unescaped: AccessToken.columns) FROM access_tokens WHERE user_id = \(userID)
            ORDER BY created_ms, name
            """
        ).map(AccessToken.init(row:))
    }

    public func token(digest: String) async throws -> (token: AccessToken, user: UserAccount)? {
        try await credential(AccessToken.self, in: "access_tokens", digest: digest)
    }

    /// The session or token stored in `table` under `digest`, with the user it belongs to, in one statement.
    private func credential<Credential: AccountRow>(
        _ type: Credential.Type, in table: String, digest: String
    ) async throws -> (Credential, UserAccount)? {
        try await rows(
            """
            SELECT \(unescaped: Credential.columns(of: "c")), \(unescaped: UserAccount.columns(of: "u"))
            FROM \(unescaped: table) c JOIN users u ON u.id = c.user_id WHERE c.digest = \(digest)
            """
        ).first.map { row in
            let cells = row.makeRandomAccess()
            return (try Credential(cells, from: 0), try UserAccount(cells, from: Credential.columnCount))
        }
    }

    public func touchToken(id: UUID, at instant: Date) async throws {
        try await execute("UPDATE access_tokens SET last_used_ms = \(instant.millisecondsSince1970) WHERE id = \(id)")
    }

    public func revokeToken(userID: UUID, name: String) async throws -> Bool {
        // PostgresNIO's rows do not say how many rows a statement changed; RETURNING does.
        try await !rows("DELETE FROM access_tokens WHERE user_id = \(userID) AND name = \(name) RETURNING 1").isEmpty
    }

    public func cacheVersion() async throws -> Int64 {
        guard let row = try await rows("SELECT version FROM cache_version").first else {
            throw StoreFault.corrupt("cache_version")
        }
        return try row.decode(Int64.self)
    }

    /// Runs an insert, answering a uniqueness clash with ``TallyError/conflict(_:)`` and `message`.
    private func insertOrConflict(_ message: String, _ insert: PostgresQuery) async throws {
        do {
            try await execute(insert)
        } catch  where PostgresFailure.isUniqueViolation(error) {
            throw TallyError.conflict(message)
        }
    }
}
