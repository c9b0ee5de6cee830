/// A number that moves with every change to what a server keeps in memory between requests: a user, a
/// session, a token (not its last use) or a user's settings, as SQLite keeps it
/// (``Migration015CountAccountChanges``). Triggers move it in the changing transaction, whichever server or
/// command makes the change; every server reads it to know when its memory is stale. Shipped once released;
/// never edit, add a new migration.
enum PostgresMigration011CountAccountChanges {
    static let migration = PostgresMigration(
        identifier: "011-count-account-changes",
        statements: [
            """
            CREATE TABLE cache_version (
                singleton smallint PRIMARY KEY CHECK (singleton = 1),
                version bigint NOT NULL
            )
            """,
            "INSERT INTO cache_version (singleton, version) VALUES (1, 0)",
            """
            CREATE FUNCTION count_account_change() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                UPDATE cache_version SET version = version + 1;
                RETURN NULL;
            END
            $$
            """,
            """
            CREATE TRIGGER users_changed AFTER UPDATE OR DELETE ON users
                FOR EACH ROW EXECUTE FUNCTION count_account_change()
            """,
            """
            CREATE TRIGGER sessions_changed AFTER UPDATE OR DELETE ON sessions
                FOR EACH ROW EXECUTE FUNCTION count_account_change()
            """,
            """
            CREATE TRIGGER access_tokens_changed AFTER UPDATE OF id, user_id, name, digest OR DELETE ON access_tokens
                FOR EACH ROW EXECUTE FUNCTION count_account_change()
            """,
            """
            CREATE TRIGGER settings_written AFTER INSERT OR UPDATE ON records
                FOR EACH ROW WHEN (NEW.kind = 'setting') EXECUTE FUNCTION count_account_change()
            """,
            """
            CREATE TRIGGER settings_removed AFTER DELETE ON records
                FOR EACH ROW WHEN (OLD.kind = 'setting') EXECUTE FUNCTION count_account_change()
            """,
        ])
}
