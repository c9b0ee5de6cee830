import Foundation
import PostgresNIO
import TallyCore
import TallyStorage

/// The reads and writes that reach the whole store at once rather than one person or one name: what
/// `tally copy` needs to carry a server's invites, keys, switches and pictures into another store.
extension PostgresStore {
    public func invites() async throws -> [Invite] {
        try await rows("SELECT digest, created_by, created_ms, expires_ms FROM invites ORDER BY created_ms, digest")
            .map { row in
                let (digest, creator, created, expires) = try row.decode((String, UUID, Int64, Int64).self)
                return Invite(
                    digest: digest, createdBy: creator, createdAt: Date(millisecondsSince1970: created),
                    expiresAt: Date(millisecondsSince1970: expires))
            }
    }

    public func serverSecrets() async throws -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: try await rows("SELECT name, value FROM server_secrets").map {
                try $0.decode((String, String).self)
            })
    }

    public func setServerSecret(_ value: String, named name: String) async throws {
        try await execute(
            """
            INSERT INTO server_secrets (name, value) VALUES (\(name), \(value))
            ON CONFLICT (name) DO UPDATE SET value = excluded.value
            """)
    }

    public func serverSettings() async throws -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: try await rows("SELECT key, value FROM server_settings").map {
                try $0.decode((String, String).self)
            })
    }

    public func imageNames(owner: UUID) async throws -> [String] {
        try await rows("SELECT name FROM image_owners WHERE owner_id = \(owner) ORDER BY name").map {
            try $0.decode(String.self)
        }
    }
}
