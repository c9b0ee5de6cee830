import GRDB

/// Rules that complete a skill from what was logged (one per owner and skill), and the note a rule leaves
/// on the completion it makes (`rule_detail`, null for one set by hand). Shipped once released; never
/// edit, add a new migration.
enum Migration020CreateSkillRules {
    static let identifier = "020-create-skill-rules"

    static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE skill_rules (
                    id BLOB NOT NULL,
                    owner_id BLOB NOT NULL,
                    created_ms INTEGER NOT NULL,
                    modified_ms INTEGER NOT NULL,
                    device_id BLOB NOT NULL,
                    stamp TEXT NOT NULL,
                    deleted INTEGER NOT NULL DEFAULT 0,
                    sequence INTEGER NOT NULL,
                    skill_id BLOB NOT NULL,
                    rule TEXT NOT NULL,
                    PRIMARY KEY (owner_id, id)
                );
                CREATE UNIQUE INDEX skill_rules_by_skill ON skill_rules (owner_id, skill_id);
                CREATE INDEX skill_rules_by_sequence ON skill_rules (owner_id, sequence);
                CREATE INDEX skill_rules_tombstones ON skill_rules (owner_id, sequence) WHERE deleted = 1;
                ALTER TABLE skill_completions ADD COLUMN rule_detail TEXT;
                """)
    }
}
