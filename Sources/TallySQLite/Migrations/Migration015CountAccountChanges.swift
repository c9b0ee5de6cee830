import GRDB

/// A number that moves with every change to what a server keeps in memory between requests: a user, a
/// session, a token (not its last use) or a user's settings. Triggers move it, so every path that makes
/// such a change (the server, the CLI, a sync merge, an import, a cascade) moves it in the same
/// transaction; a server reads it to know when its memory is stale (``SQLiteStore/cacheVersion()``).
/// Shipped once released; never edit, add a new migration.
enum Migration015CountAccountChanges {
    static let identifier = "015-count-account-changes"

    static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE cache_version (
                    singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
                    version INTEGER NOT NULL
                );
                INSERT INTO cache_version (singleton, version) VALUES (1, 0);
                """)
        let changes = [
            ("users", "UPDATE"), ("users", "DELETE"),
            ("sessions", "UPDATE"), ("sessions", "DELETE"),
            ("access_tokens", "UPDATE OF id, user_id, name, digest"), ("access_tokens", "DELETE"),
            ("settings", "INSERT"), ("settings", "UPDATE"), ("settings", "DELETE"),
        ]
        for (table, change) in changes {
            let name = "\(table)_changed_\(change.prefix { $0 != " " }.lowercased())"
            try db.execute(
                sql: """
                    CREATE TRIGGER \(name) AFTER \(change) ON \(table)
                    BEGIN UPDATE cache_version SET version = version + 1; END
                    """)
        }
    }
}
