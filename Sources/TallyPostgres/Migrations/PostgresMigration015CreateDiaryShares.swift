/// Share links of the bladder diary report: the digest of each link's secret (never the secret), its
/// period of diary days, when it expires and when it was last opened. Shipped once released; never edit,
/// add a new migration.
enum PostgresMigration015CreateDiaryShares {
    static let migration = PostgresMigration(
        identifier: "015-create-diary-shares",
        statements: [
            """
            CREATE TABLE diary_shares (
                id uuid PRIMARY KEY,
                owner_id uuid NOT NULL,
                digest text NOT NULL UNIQUE,
                from_day text NOT NULL,
                to_day text NOT NULL,
                created_ms bigint NOT NULL,
                expires_ms bigint NOT NULL,
                last_opened_ms bigint
            )
            """,
            "CREATE INDEX diary_shares_by_owner ON diary_shares (owner_id, created_ms)",
        ])
}
