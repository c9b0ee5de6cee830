import GRDB

/// When each person last kept each image (`image_owners.kept_at`, milliseconds since 1970 by the database's
/// clock), so that a picture no record shows any more is deleted once it has been kept long enough for the
/// record that was to show it to arrive. Images kept before this migration count as kept now. Shipped once
/// released; never edit, add a new migration.
enum Migration023NoteWhenImagesWereKept {
    static let identifier = "023-note-when-images-were-kept"

    /// Now, in milliseconds since 1970, as SQLite reads its clock.
    static let now = "CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)"

    static func migrate(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE image_owners ADD COLUMN kept_at INTEGER NOT NULL DEFAULT 0")
        try db.execute(sql: "UPDATE image_owners SET kept_at = \(now)")
    }
}
