import GRDB

/// A server keeps each person's skill rules in memory too (every water or bathroom write asks them whether
/// a skill is now done), so a change to `skill_rules` moves the cache version as a change to the settings
/// does (``Migration015CountAccountChanges``). Shipped once released; never edit, add a new migration.
enum Migration022CountSkillRuleChanges {
    static let identifier = "022-count-skill-rule-changes"

    static func migrate(_ db: Database) throws {
        for change in ["INSERT", "UPDATE", "DELETE"] {
            try db.execute(
                sql: """
                    CREATE TRIGGER skill_rules_changed_\(change.lowercased()) AFTER \(change) ON skill_rules
                    BEGIN UPDATE cache_version SET version = version + 1; END
                    """)
        }
    }
}
