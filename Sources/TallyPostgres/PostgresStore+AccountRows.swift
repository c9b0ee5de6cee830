import Foundation
import PostgresNIO
import TallyCore

/// Accounts read from rows. Each type names the columns it reads, in the order it decodes them, so a query
/// and its decoding cannot drift apart.
extension UserAccount {
    static let columns = "id, name, is_admin, password_hash, created_ms"

    init(row: PostgresRow) throws {
        let (id, name, isAdmin, hash, created) = try row.decode((UUID, String, Bool, String, Int64).self)
        self.init(
            id: id, name: name, isAdmin: isAdmin, passwordHash: hash, createdAt: Date(millisecondsSince1970: created))
    }
}

extension LoginSession {
    static let columns = "digest, user_id, csrf_token, created_ms, expires_ms, remember"

    init(row: PostgresRow) throws {
        let (digest, user, csrf, created, expires, remember) = try row.decode(
            (String, UUID, String, Int64, Int64, Bool).self)
        self.init(
            digest: digest, userID: user, csrfToken: csrf, createdAt: Date(millisecondsSince1970: created),
            expiresAt: Date(millisecondsSince1970: expires), remember: remember)
    }
}

extension AccessToken {
    static let columns = "id, user_id, name, digest, created_ms, last_used_ms"

    init(row: PostgresRow) throws {
        let (id, user, name, digest, created, lastUsed) = try row.decode(
            (UUID, UUID, String, String, Int64, Int64?).self)
        self.init(
            id: id, userID: user, name: name, digest: digest, createdAt: Date(millisecondsSince1970: created),
            lastUsedAt: lastUsed.map { Date(millisecondsSince1970: $0) })
    }
}
