import GRDB

/// Per-day totals of water and bathroom events (``DayTotalStore``), kept by triggers on the record tables:
/// every insert, update and delete of a counted row changes its day's total in the same transaction,
/// whichever path made it (a write, a merge, a compaction, a deleted account). The day is read by
/// `tally_day` (``DayFunction``) under the boundary `day_total_basis` holds for the owner; an owner without
/// one has no totals kept until the first read builds them. A later migration that rebuilds either table
/// (``TableRebuild``) drops its triggers with it and must create them again.
/// Shipped once released; never edit, add a new migration.
enum Migration013CreateDayTotals {
    static let identifier = "013-create-day-totals"

    static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE day_totals (
                    owner_id BLOB NOT NULL,
                    series TEXT NOT NULL,
                    day INTEGER NOT NULL,
                    entries INTEGER NOT NULL,
                    amount INTEGER NOT NULL,
                    PRIMARY KEY (owner_id, series, day)
                ) WITHOUT ROWID;
                CREATE TABLE day_total_basis (
                    owner_id BLOB PRIMARY KEY NOT NULL,
                    day_start INTEGER NOT NULL
                );
                """)
        try triggers(table: "water_entries", series: "water", amount: "CAST(round(%.amount_ml * 100) AS INTEGER)", db)
        try triggers(table: "bathroom_events", series: "bathroom", amount: "0", db)
    }

    /// The three triggers keeping `series` from `table`; `amount` is an expression of the row `%`.
    private static func triggers(table: String, series: String, amount: String, _ db: Database) throws {
        func day(_ row: String) -> String {
            "tally_day(\(row).at_ms, \(row).time_zone, basis.day_start)"
        }
        func change(_ row: String, sign: String) -> String {
            """
            INSERT INTO day_totals (owner_id, series, day, entries, amount)
            SELECT \(row).owner_id, '\(series)', \(day(row)), \(sign)1,
                \(sign)(\(amount.replacingOccurrences(of: "%", with: row)))
            FROM day_total_basis AS basis WHERE basis.owner_id = \(row).owner_id AND \(row).deleted = 0
            ON CONFLICT (owner_id, series, day) DO UPDATE SET
                entries = entries + excluded.entries, amount = amount + excluded.amount;
            """
        }
        // A day left with nothing on it goes, so reads find only days with entries.
        let emptied = """
            DELETE FROM day_totals WHERE owner_id = OLD.owner_id AND series = '\(series)' AND entries = 0
                AND day = (SELECT \(day("OLD")) FROM day_total_basis AS basis WHERE basis.owner_id = OLD.owner_id);
            """
        try db.execute(
            sql: """
                CREATE TRIGGER \(table)_total_insert AFTER INSERT ON \(table) BEGIN
                \(change("NEW", sign: ""))
                END;
                CREATE TRIGGER \(table)_total_update
                AFTER UPDATE OF owner_id, at_ms, time_zone\(series == "water" ? ", amount_ml" : ""), deleted ON \(table)
                BEGIN
                \(change("OLD", sign: "-"))
                \(emptied)
                \(change("NEW", sign: ""))
                END;
                CREATE TRIGGER \(table)_total_delete AFTER DELETE ON \(table) BEGIN
                \(change("OLD", sign: "-"))
                \(emptied)
                END;
                """)
    }
}
