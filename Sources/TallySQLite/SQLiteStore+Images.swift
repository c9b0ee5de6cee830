import Crypto
import Foundation
import GRDB
import TallyCore
import TallyStorage

extension SQLiteStore {
    /// Stores `data` as `<sha256>.<ext>` in the images directory beside the database, once: the same
    /// picture uploaded twice is one file. The write goes through a temporary file and a rename, so a
    /// reader never sees half an image. `owner` is recorded as one of the people who uploaded it.
    public func saveImage(_ data: Data, kind: ImageKind, owner: UUID) async throws -> String {
        let digest = Hex.string(SHA256.hash(data: data))
        let name = "\(digest).\(kind.fileExtension)"
        let file = imageDirectory.appendingPathComponent(name)
        if !FileManager.default.fileExists(atPath: file.path) {
            try FileManager.default.createDirectory(at: imageDirectory, withIntermediateDirectories: true)
            try data.write(to: file, options: .atomic)
        }
        try await pool.write { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO image_owners (name, owner_id) VALUES (?, ?)",
                arguments: [name, owner])
        }
        return name
    }

    public func image(named name: String, owner: UUID) async throws -> Data? {
        guard ImageReference.isValidName(name) else { return nil }
        let owned = try await pool.read { db in
            try Bool.fetchOne(
                db, sql: "SELECT 1 FROM image_owners WHERE name = ? AND owner_id = ?",
                arguments: [name, owner]) ?? false
        }
        let file = imageDirectory.appendingPathComponent(name)
        guard owned, FileManager.default.fileExists(atPath: file.path) else { return nil }
        return try Data(contentsOf: file)
    }
}
