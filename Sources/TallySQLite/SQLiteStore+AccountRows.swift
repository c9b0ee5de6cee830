import Foundation
import GRDB
import TallyCore
import TallyStorage

extension UserAccount {
    init(row: Row) throws {
        guard let id = UUID(text: row["id"] as String) else { throw StoreFault.corrupt("users.id") }
        self.init(
            id: id, name: row["name"], isAdmin: row["is_admin"], passwordHash: row["password_hash"],
            createdAt: Date(millisecondsSince1970: row["created_ms"]))
    }
}

extension LoginSession {
    init(row: Row) throws {
        guard let user = UUID(text: row["user_id"] as String) else { throw StoreFault.corrupt("sessions.user_id") }
        self.init(
            digest: row["digest"], userID: user, csrfToken: row["csrf_token"],
            createdAt: Date(millisecondsSince1970: row["created_ms"]),
            expiresAt: Date(millisecondsSince1970: row["expires_ms"]), remember: row["remember"])
    }
}

extension AccessToken {
    init(row: Row) throws {
        guard let id = UUID(text: row["id"] as String), let user = UUID(text: row["user_id"] as String) else {
            throw StoreFault.corrupt("access_tokens")
        }
        self.init(
            id: id, userID: user, name: row["name"], digest: row["digest"],
            createdAt: Date(millisecondsSince1970: row["created_ms"]),
            lastUsedAt: (row["last_used_ms"] as Int64?).map { Date(millisecondsSince1970: $0) })
    }
}
