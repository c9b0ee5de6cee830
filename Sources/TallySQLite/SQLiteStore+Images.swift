import Crypto
import Foundation
import GRDB
import TallyCore
import TallyStorage

extension SQLiteStore {
    /// Stores `data` as `<sha256>.<ext>` in the images directory beside the database, once: the same
    /// picture uploaded twice is one file. The write goes through a temporary file and a rename, so a
    /// reader never sees half an image. `owner` is recorded as one of the people who uploaded it, now. The
    /// owner row is written first and the file inside its transaction, so that
    /// ``forgetImages(_:owner:keptBefore:)`` (which deletes files in its own) never deletes a file between an
    /// upload's look and its row.
    public func saveImage(_ data: Data, kind: ImageKind, owner: UUID) async throws -> String {
        let digest = Hex.string(SHA256.hash(data: data))
        let name = "\(digest).\(kind.fileExtension)"
        let file = imageDirectory.appendingPathComponent(name)
        let directory = imageDirectory
        try await pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO image_owners (name, owner_id, kept_at)
                    VALUES (?, ?, \(Migration023NoteWhenImagesWereKept.now))
                    ON CONFLICT (name, owner_id) DO UPDATE SET kept_at = excluded.kept_at
                    """,
                arguments: [name, owner])
            if !FileManager.default.fileExists(atPath: file.path) {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try data.write(to: file, options: .atomic)
            }
        }
        return name
    }

    public func keepImage(named name: String, owner: UUID) async throws -> Bool {
        guard ImageReference.isValidName(name) else { return false }
        let file = imageDirectory.appendingPathComponent(name)
        return try await pool.write { db in
            try db.execute(
                sql: """
                    UPDATE image_owners SET kept_at = \(Migration023NoteWhenImagesWereKept.now)
                    WHERE name = ? AND owner_id = ?
                    """,
                arguments: [name, owner])
            return db.changesCount > 0 && FileManager.default.fileExists(atPath: file.path)
        }
    }

    public func imageNames(owner: UUID, keptBefore instant: Date) async throws -> [String] {
        try await pool.read { db in
            try String.fetchAll(
                db, sql: "SELECT name FROM image_owners WHERE owner_id = ? AND kept_at < ? ORDER BY name",
                arguments: [owner, instant.millisecondsSince1970])
        }
    }

    /// Forgets the owner rows and deletes the files no row names any more, in one transaction: an upload of
    /// the same picture (``saveImage(_:kind:owner:)``) comes wholly before or after it.
    @discardableResult
    public func forgetImages(_ names: [String], owner: UUID, keptBefore instant: Date) async throws -> Int {
        guard !names.isEmpty else { return 0 }
        let directory = imageDirectory
        return try await pool.write { db in
            var forgotten = 0
            for name in names where ImageReference.isValidName(name) {
                try db.execute(
                    sql: "DELETE FROM image_owners WHERE name = ? AND owner_id = ? AND kept_at < ?",
                    arguments: [name, owner, instant.millisecondsSince1970])
                guard db.changesCount > 0 else { continue }
                forgotten += 1
                let owned = try Bool.fetchOne(db, sql: "SELECT 1 FROM image_owners WHERE name = ?", arguments: [name])
                if owned != true {
                    try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
                }
            }
            return forgotten
        }
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
