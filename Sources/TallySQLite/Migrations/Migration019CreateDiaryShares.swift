import GRDB

/// Share links of the bladder diary report: the digest of each link's secret (never the secret), its
/// period of diary days, when it expires and when it was last opened. Shipped once released; never edit,
/// add a new migration.
enum Migration019CreateDiaryShares {
    static let identifier = "019-create-diary-shares"

    static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE diary_shares (
                    id BLOB PRIMARY KEY NOT NULL,
                    owner_id BLOB NOT NULL,
                    digest TEXT NOT NULL UNIQUE,
                    from_day TEXT NOT NULL,
                    to_day TEXT NOT NULL,
                    created_ms INTEGER NOT NULL,
                    expires_ms INTEGER NOT NULL,
                    last_opened_ms INTEGER
                );
                CREATE INDEX diary_shares_by_owner ON diary_shares (owner_id, created_ms);
                """)
    }
}
