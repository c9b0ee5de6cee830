/// A server keeps each person's skill rules in memory too (every water or bathroom write asks them whether
/// a skill is now done), so writing or removing one moves the cache version as a setting record does
/// (migration 011). Shipped once released; never edit, add a new migration.
enum PostgresMigration016CountSkillRuleChanges {
    static let migration = PostgresMigration(
        identifier: "016-count-skill-rule-changes",
        statements: [
            """
            CREATE TRIGGER skill_rules_written AFTER INSERT OR UPDATE ON records
                FOR EACH ROW WHEN (NEW.kind = 'skill rule') EXECUTE FUNCTION count_account_change()
            """,
            """
            CREATE TRIGGER skill_rules_removed AFTER DELETE ON records
                FOR EACH ROW WHEN (OLD.kind = 'skill rule') EXECUTE FUNCTION count_account_change()
            """,
        ])
}
