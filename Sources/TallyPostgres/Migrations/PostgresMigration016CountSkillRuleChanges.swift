/// A server keeps each person's skill rules in memory too (every water or bathroom write asks them whether
/// a skill is now done), so writing or removing one moves the cache version as a setting record does
/// (migration 011). The kinds a server keeps are counted by one pair of triggers, replacing the pairs of
/// migrations 011 and 014: each row a write inserts or removes is tested once, not once a kind. Shipped once
/// released; never edit, add a new migration.
enum PostgresMigration016CountSkillRuleChanges {
    static let migration = PostgresMigration(
        identifier: "016-count-skill-rule-changes",
        statements: [
            "DROP TRIGGER settings_written ON records",
            "DROP TRIGGER settings_removed ON records",
            "DROP TRIGGER named_settings_written ON records",
            "DROP TRIGGER named_settings_removed ON records",
            """
            CREATE TRIGGER kept_kinds_written AFTER INSERT OR UPDATE ON records
                FOR EACH ROW WHEN (NEW.kind IN ('setting', 'named setting', 'skill rule'))
                EXECUTE FUNCTION count_account_change()
            """,
            """
            CREATE TRIGGER kept_kinds_removed AFTER DELETE ON records
                FOR EACH ROW WHEN (OLD.kind IN ('setting', 'named setting', 'skill rule'))
                EXECUTE FUNCTION count_account_change()
            """,
        ])
}
