/// When each person last kept each image (`image_owners.kept_at`), so that a picture no record shows any
/// more is deleted once it has been kept long enough for the record that was to show it to arrive. Images
/// kept before this migration count as kept now. Shipped once released; never edit, add a new migration.
enum PostgresMigration017NoteWhenImagesWereKept {
    static let migration = PostgresMigration(
        identifier: "017-note-when-images-were-kept",
        statements: [
            "ALTER TABLE image_owners ADD COLUMN kept_at timestamptz NOT NULL DEFAULT now()"
        ])
}
