import GRDB

/// Skills, custom categories, daily completions, the morning routine and memorable moments (seed 004).
/// Number 004 belongs to the dates tracker. The by-skill index covers the progress read, so a year of
/// completions is read from the index alone, skill by skill. Shipped; never edit, add a new migration.
enum Migration005CreateSkills {
    static let identifier = "005-create-skills"

    /// The sync columns every table has, after its own.
    private static let meta = """
        created_ms INTEGER NOT NULL,
        modified_ms INTEGER NOT NULL,
        device_id TEXT NOT NULL,
        stamp TEXT NOT NULL,
        deleted INTEGER NOT NULL DEFAULT 0,
        sequence INTEGER NOT NULL
        """

    static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE skills (
                    id TEXT PRIMARY KEY NOT NULL,
                    owner_id TEXT NOT NULL,
                    name TEXT NOT NULL,
                    category TEXT NOT NULL,
                    frequency TEXT NOT NULL,
                    start_day TEXT NOT NULL,
                    end_day TEXT,
                    challenge_days INTEGER,
                    target_amount INTEGER,
                    target_unit TEXT,
                    target_period TEXT,
                    rollover INTEGER NOT NULL,
                    review_reminder INTEGER NOT NULL,
                    archived_on TEXT,
                    reviewed_on TEXT,
                    \(meta)
                );
                CREATE INDEX skills_by_owner ON skills (owner_id, deleted);
                CREATE INDEX skills_by_sequence ON skills (owner_id, sequence);
                CREATE TABLE skill_categories (
                    id TEXT PRIMARY KEY NOT NULL,
                    owner_id TEXT NOT NULL,
                    name TEXT NOT NULL,
                    colour TEXT NOT NULL,
                    icon TEXT NOT NULL,
                    \(meta)
                );
                CREATE INDEX skill_categories_by_sequence ON skill_categories (owner_id, sequence);
                CREATE TABLE skill_completions (
                    id TEXT PRIMARY KEY NOT NULL,
                    owner_id TEXT NOT NULL,
                    skill_id TEXT NOT NULL,
                    day_number INTEGER NOT NULL,
                    level TEXT NOT NULL,
                    \(meta)
                );
                CREATE UNIQUE INDEX skill_completions_by_key ON skill_completions (owner_id, skill_id, day_number);
                CREATE INDEX skill_completions_by_skill
                    ON skill_completions (owner_id, skill_id, day_number, level, deleted);
                CREATE INDEX skill_completions_by_sequence ON skill_completions (owner_id, sequence);
                CREATE TABLE routine_completions (
                    id TEXT PRIMARY KEY NOT NULL,
                    owner_id TEXT NOT NULL,
                    habit TEXT NOT NULL,
                    day TEXT NOT NULL,
                    level TEXT NOT NULL,
                    \(meta)
                );
                CREATE UNIQUE INDEX routine_completions_by_key ON routine_completions (owner_id, habit, day);
                CREATE INDEX routine_completions_by_sequence ON routine_completions (owner_id, sequence);
                CREATE TABLE memorable_moments (
                    id TEXT PRIMARY KEY NOT NULL,
                    owner_id TEXT NOT NULL,
                    title TEXT NOT NULL,
                    details TEXT,
                    day TEXT NOT NULL,
                    category TEXT NOT NULL,
                    skill_id TEXT,
                    \(meta)
                );
                CREATE INDEX memorable_moments_by_day ON memorable_moments (owner_id, deleted, day);
                CREATE INDEX memorable_moments_by_sequence ON memorable_moments (owner_id, sequence);
                """)
    }
}
