import GRDB

/// Drops the triggers ``Migration013CreateDayTotals`` made: a write, a merge or a purge now changes the
/// totals of its batch once, in the same transaction (``DayTotalChanges``). A trigger made every
/// statement writing a water entry or a bathroom event keep a statement journal, so a merge of 10,000
/// deltas copied hundreds of megabytes of pages and took five times as long. The totals kept so far stay:
/// they are what the triggers left, which is what the entries add up to.
/// Shipped once released; never edit, add a new migration.
enum Migration014KeepDayTotalsByBatch {
    static let identifier = "014-keep-day-totals-by-batch"

    static func migrate(_ db: Database) throws {
        for table in ["water_entries", "bathroom_events"] {
            for change in ["insert", "update", "delete"] {
                try db.execute(sql: "DROP TRIGGER IF EXISTS \(table)_total_\(change)")
            }
        }
    }
}
