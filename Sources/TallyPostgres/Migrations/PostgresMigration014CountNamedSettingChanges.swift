/// Settings kept by name (``NamedSetting``: the first weekday) are settings a server keeps in memory too, so
/// writing or removing one moves the cache version as a setting record does (migration 011). No table: their
/// rows go in `records` like every kind's. Shipped once released; never
/// edit, add a new migration.
enum PostgresMigration014CountNamedSettingChanges {
    static let migration = PostgresMigration(
        identifier: "014-count-named-setting-changes",
        statements: [
            """
            CREATE TRIGGER named_settings_written AFTER INSERT OR UPDATE ON records
                FOR EACH ROW WHEN (NEW.kind = 'named setting') EXECUTE FUNCTION count_account_change()
            """,
            """
            CREATE TRIGGER named_settings_removed AFTER DELETE ON records
                FOR EACH ROW WHEN (OLD.kind = 'named setting') EXECUTE FUNCTION count_account_change()
            """,
        ])
}
