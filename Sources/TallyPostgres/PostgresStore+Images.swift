import Crypto
import Foundation
import PostgresNIO
import TallyCore
import TallyStorage

/// Uploaded images, with the SQLite store's semantics but their bytes in the database, so every server
/// process reaches them: named by content hash and stored once however many people upload the same picture,
/// readable only by those who uploaded it.
extension PostgresStore: ImageStore {
    /// Stores `data` as `<sha256>.<ext>`, once, and records `owner` as one of the people who uploaded it.
    /// Returns the name.
    public func saveImage(_ data: Data, kind: ImageKind, owner: UUID) async throws -> String {
        let digest = Hex.string(SHA256.hash(data: data))
        let name = "\(digest).\(kind.fileExtension)"
        // Deleting a user deletes the pictures nobody else owns. Should that happen to this picture between
        // our look and our owner row, the owner row's foreign key refuses it; a second try stores it anew.
        var attempt = 1
        while true {
            do {
                try await withTransaction { [logger] connection in
                    // FOR SHARE holds a stored picture until we commit, so it cannot be deleted under us; an
                    // unstored one is sent over, once.
                    let stored = try await connection.rows(
                        "SELECT 1 FROM images WHERE name = \(name) FOR SHARE", logger: logger)
                    if stored.isEmpty {
                        try await connection.execute(
                            "INSERT INTO images (name, bytes) VALUES (\(name), \(data)) ON CONFLICT (name) DO NOTHING",
                            logger: logger)
                    }
                    try await connection.execute(
                        """
                        INSERT INTO image_owners (name, owner_id) VALUES (\(name), \(owner))
                        ON CONFLICT (name, owner_id) DO UPDATE SET kept_at = now()
                        """, logger: logger)
                }
                return name
            } catch  where attempt < 3 && PostgresFailure.isForeignKeyViolation(error) {
                attempt += 1
            }
        }
    }

    /// The bytes of the image called `name` when `owner` uploaded it; nil when it is unknown, not theirs, or
    /// not an image name at all.
    public func image(named name: String, owner: UUID) async throws -> Data? {
        guard ImageReference.isValidName(name) else { return nil }
        return try await rows(
            """
            SELECT images.bytes FROM images JOIN image_owners USING (name)
            WHERE name = \(name) AND owner_id = \(owner)
            """
        ).first?.decode(Data.self)
    }

    public func keepImage(named name: String, owner: UUID) async throws -> Bool {
        guard ImageReference.isValidName(name) else { return false }
        let kept = try await rows(
            "UPDATE image_owners SET kept_at = now() WHERE name = \(name) AND owner_id = \(owner) RETURNING 1")
        return !kept.isEmpty
    }

    public func imageNames(owner: UUID, keptBefore instant: Date) async throws -> [String] {
        try await rows(
            "SELECT name FROM image_owners WHERE owner_id = \(owner) AND kept_at < \(instant) ORDER BY name"
        ).map { try $0.decode(String.self) }
    }

    /// Forgets the owner rows and deletes the pictures nobody else kept, as deleting a user does
    /// (``deleteImageOwnership(of:_:logger:)``): an upload of one of them under way holds it until it commits.
    @discardableResult
    public func forgetImages(_ names: [String], owner: UUID, keptBefore instant: Date) async throws -> Int {
        let names = names.filter(ImageReference.isValidName)
        guard !names.isEmpty else { return 0 }
        return try await withTransaction { [logger] connection in
            let forgotten = try await connection.rows(
                """
                DELETE FROM image_owners WHERE owner_id = \(owner) AND name = ANY(\(names)) AND kept_at < \(instant)
                RETURNING name
                """, logger: logger
            ).map { try $0.decode(String.self) }
            try await Self.deleteUnowned(forgotten, connection, logger: logger)
            return forgotten.count
        }
    }

    /// Forgets that `owner` uploaded anything, and deletes the pictures nobody else uploaded. Runs inside the
    /// caller's transaction (deleting a user).
    static func deleteImageOwnership(of owner: UUID, _ connection: PostgresConnection, logger: Logger) async throws {
        let names = try await connection.rows(
            "DELETE FROM image_owners WHERE owner_id = \(owner) RETURNING name", logger: logger
        ).map { try $0.decode(String.self) }
        try await deleteUnowned(names, connection, logger: logger)
    }

    /// Deletes the pictures of `names` that nobody owns any more, inside the caller's transaction.
    private static func deleteUnowned(
        _ names: [String], _ connection: PostgresConnection, logger: Logger
    ) async throws {
        guard !names.isEmpty else { return }
        // Lock the pictures first (in name order, so two deletions cannot deadlock): an upload of one of them
        // that is under way holds it through its owner row, and commits before we look for owners left.
        try await connection.execute(
            "SELECT 1 FROM images WHERE name = ANY(\(names)) ORDER BY name FOR UPDATE", logger: logger)
        try await connection.execute(
            """
            DELETE FROM images WHERE name = ANY(\(names))
            AND NOT EXISTS (SELECT 1 FROM image_owners WHERE image_owners.name = images.name)
            """, logger: logger)
    }
}
