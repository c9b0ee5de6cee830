/// Per-day totals of water and bathroom events (``DayTotalStore``), changed by every write and merge in its
/// transaction, under the day boundary `day_total_basis` holds for the owner. Shipped once released; never
/// edit, add a new migration.
enum PostgresMigration009CreateDayTotals {
    static let migration = PostgresMigration(
        identifier: "009-create-day-totals",
        statements: [
            """
            CREATE TABLE day_totals (
                owner_id uuid NOT NULL,
                series text NOT NULL,
                day bigint NOT NULL,
                entries bigint NOT NULL,
                amount bigint NOT NULL,
                PRIMARY KEY (owner_id, series, day)
            )
            """,
            """
            CREATE TABLE day_total_basis (
                owner_id uuid PRIMARY KEY,
                day_start bigint NOT NULL
            )
            """,
        ])
}
