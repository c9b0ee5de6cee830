import Foundation
import GRDB
import TallyCore
import TallyStorage

/// The reads and writes that reach the whole store at once rather than one person or one name: what
/// `tally copy` needs to carry a server's invites, keys, switches and pictures into another store.
extension SQLiteStore {
    public func invites() async throws -> [Invite] {
        try await pool.read { db in
            try Row.fetchAll(
                db, sql: "SELECT digest, created_by, created_ms, expires_ms FROM invites ORDER BY created_ms, digest"
            ).map { row in
                guard let creator = UUID(uuidString: row["created_by"]) else { throw StoreFault.corrupt("invites") }
                return Invite(
                    digest: row["digest"], createdBy: creator,
                    createdAt: Date(millisecondsSince1970: row["created_ms"]),
                    expiresAt: Date(millisecondsSince1970: row["expires_ms"]))
            }
        }
    }

    public func serverSecrets() async throws -> [String: String] {
        try await pool.read { db in
            Dictionary(
                uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT name, value FROM server_secrets").map {
                    ($0["name"] as String, $0["value"] as String)
                })
        }
    }

    public func setServerSecret(_ value: String, named name: String) async throws {
        try await pool.write { db in
            try db.execute(
                sql: "INSERT INTO server_secrets (name, value) VALUES (?, ?) "
                    + "ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                arguments: [name, value])
        }
    }

    public func serverSettings() async throws -> [String: String] {
        try await pool.read { db in
            Dictionary(
                uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT key, value FROM server_settings").map {
                    ($0["key"] as String, $0["value"] as String)
                })
        }
    }

    public func imageNames(owner: UUID) async throws -> [String] {
        try await pool.read { db in
            try String.fetchAll(
                db, sql: "SELECT name FROM image_owners WHERE owner_id = ? ORDER BY name", arguments: [owner])
        }
    }
}
