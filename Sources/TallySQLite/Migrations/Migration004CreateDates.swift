import GRDB

/// Datekeeper's records: date trackers, reminders, recurring events and the daily journal.
/// Shipped; never edit, add a new migration.
enum Migration004CreateDates {
    static let identifier = "004-create-dates"

    /// The sync columns every table starts with.
    private static let header = """
        id TEXT PRIMARY KEY NOT NULL,
        owner_id TEXT NOT NULL,
        created_ms INTEGER NOT NULL,
        modified_ms INTEGER NOT NULL,
        device_id TEXT NOT NULL,
        stamp TEXT NOT NULL,
        deleted INTEGER NOT NULL DEFAULT 0,
        sequence INTEGER NOT NULL
        """

    /// The look trackers, reminders and events share: category, theme and gradient.
    private static let appearance = """
        category TEXT NOT NULL,
        color_theme TEXT NOT NULL,
        gradient_colors TEXT NOT NULL,
        gradient_seed INTEGER
        """

    static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE date_trackers (
                    \(header),
                    \(appearance),
                    title TEXT NOT NULL,
                    target_ms INTEGER NOT NULL,
                    time_zone TEXT NOT NULL,
                    all_day INTEGER NOT NULL,
                    type TEXT NOT NULL,
                    image_url TEXT,
                    display_units TEXT NOT NULL
                );
                CREATE INDEX date_trackers_by_owner ON date_trackers (owner_id, deleted, target_ms);
                CREATE INDEX date_trackers_by_sequence ON date_trackers (owner_id, sequence);
                CREATE TABLE reminders (
                    \(header),
                    \(appearance),
                    title TEXT NOT NULL,
                    description TEXT,
                    date_ms INTEGER NOT NULL,
                    time_zone TEXT NOT NULL,
                    completed_ms INTEGER
                );
                CREATE INDEX reminders_by_owner ON reminders (owner_id, deleted, date_ms);
                CREATE INDEX reminders_by_sequence ON reminders (owner_id, sequence);
                CREATE TABLE calendar_events (
                    \(header),
                    \(appearance),
                    title TEXT NOT NULL,
                    start_ms INTEGER NOT NULL,
                    time_zone TEXT NOT NULL,
                    recurrence_rule TEXT NOT NULL,
                    excluded_ms TEXT NOT NULL
                );
                CREATE INDEX calendar_events_by_owner ON calendar_events (owner_id, deleted, start_ms);
                CREATE INDEX calendar_events_by_sequence ON calendar_events (owner_id, sequence);
                CREATE TABLE journal_entries (
                    \(header),
                    day TEXT NOT NULL,
                    notes TEXT,
                    mood INTEGER,
                    image_url TEXT
                );
                CREATE UNIQUE INDEX journal_entries_by_day ON journal_entries (owner_id, day);
                CREATE INDEX journal_entries_by_sequence ON journal_entries (owner_id, sequence);
                """)
    }
}
