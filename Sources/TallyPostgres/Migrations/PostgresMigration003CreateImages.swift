/// Uploaded images, in the database so every server process reaches them: the bytes once per content hash
/// (`images`), and who uploaded each (`image_owners`). An owner row needs its image (the foreign key), which
/// also locks the image against being deleted as the last owner leaves. Shipped; never edit, add a new
/// migration.
enum PostgresMigration003CreateImages {
    static let migration = PostgresMigration(
        identifier: "003-create-images",
        statements: [
            """
            CREATE TABLE images (
                name text PRIMARY KEY,
                bytes bytea NOT NULL
            )
            """,
            """
            CREATE TABLE image_owners (
                name text NOT NULL REFERENCES images (name),
                owner_id uuid NOT NULL,
                PRIMARY KEY (name, owner_id)
            )
            """,
            "CREATE INDEX image_owners_by_owner ON image_owners (owner_id)",
        ])
}
