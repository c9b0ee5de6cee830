import Foundation
import PostgresNIO
import TallyCore
import TallyStorage

/// A planned write (``SyncEngine/write(_:deviceID:clock:now:)``) of one owner as one prepared statement, run
/// on its own (its own transaction): the owner's clock row moved on, the rows, their day totals and the
/// change notice. It does all of it only while the clock row is still the version the plan was made from
/// (``OwnerWriteState``), the totals are kept under the day start the plan assumed, and none of the records
/// counted in those totals is stored yet (an edit must take its stored copy away from its day, which needs
/// the copy: the transaction's way). Otherwise it writes nothing and answers no row.
///
/// The checks hold against every other writer: each takes the clock row first and writes a new version of
/// it, and PostgreSQL, finding the row changed while it waited for it, checks the version again on the new
/// one, so the statement's other reads are never older than the clock they were checked with.
struct QuickWriteStatement: PostgresPreparedStatement {
    typealias Row = String

    static let sql: String = {
        let arrays = RowColumns.types.enumerated().map { "$\($0.offset + 8)::\($0.element)[]" }
        let totals = 8 + RowColumns.types.count
        return """
            WITH taken AS (
                UPDATE owner_clocks SET last_stamp = $5, last_sequence = $6
                WHERE owner_id = $1 AND xmin::text = $2 AND last_sequence = $3 AND last_stamp = $4
                    AND COALESCE((SELECT day_start FROM day_total_basis WHERE owner_id = $1), -1) = $7
                    AND NOT EXISTS (
                        SELECT 1 FROM records WHERE owner_id = $1 AND id = ANY($\(totals + 4)::uuid[]))
                RETURNING xmin::text AS version
            ), written AS (
            \(RowColumns.head)\(arrays.joined(separator: ", "))\(RowColumns.tail(where: "EXISTS (SELECT 1 FROM taken)"))
            ), totals AS (
                INSERT INTO day_totals (owner_id, series, day, entries, amount)
                SELECT $1, * FROM UNNEST($\(totals)::text[], $\(totals + 1)::bigint[], $\(totals + 2)::bigint[],
                    $\(totals + 3)::bigint[])
                WHERE EXISTS (SELECT 1 FROM taken)
                ON CONFLICT (owner_id, series, day) DO UPDATE SET
                    entries = day_totals.entries + excluded.entries, amount = day_totals.amount + excluded.amount
            )
            SELECT version, pg_notify($\(totals + 5), $\(totals + 6)) FROM taken
            """
    }()

    let owner: UUID
    let state: OwnerWriteState
    let clock: ReplicaClock
    let rows: RowColumns
    let totals: [DayTotal]
    /// The written records counted in day totals, when totals are kept: none may be stored yet.
    let counted: [UUID]

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 8 + RowColumns.types.count + 7)
        bindings.append(owner)
        bindings.append(state.version)
        bindings.append(state.clock.sequence)
        bindings.append(state.clock.stamp.description)
        bindings.append(clock.stamp.description)
        bindings.append(clock.sequence)
        bindings.append(state.basis)
        rows.append(to: &bindings)
        bindings.append(totals.map(\.series.rawValue))
        bindings.append(totals.map { Int64($0.day.dayNumber) })
        bindings.append(totals.map { Int64($0.count) })
        bindings.append(totals.map(\.amount))
        bindings.append(counted)
        bindings.append(PostgresStore.changeChannel)
        bindings.append(owner.text)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> String {
        try row.decode(String.self)
    }
}
