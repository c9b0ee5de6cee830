import Foundation
import GRDB
import TallyCore
import TallyStorage

/// What a batch does to its owner's per-day totals (``DayTotalStore``): each counted record's stored copy
/// taken away and its new copy added, summed in memory and written once, in the batch's transaction, as
/// the PostgreSQL store does (see ``Migration014KeepDayTotalsByBatch`` for why not by triggers). For an
/// owner without totals kept, nothing is read or written: the first read builds them.
struct DayTotalChanges {
    private let owner: UUID
    /// Nil when no totals are kept for the owner.
    private var sum: DayTotalSum?

    /// The changes `writes` make, their stored copies read before any of them is written (a merge has
    /// them read already: see ``count(_:stored:)``).
    init(of writes: [WritePlan.Write], owner: UUID, _ db: Database) throws {
        try self.init(owner: owner, db)
        guard sum != nil else { return }
        let refs = Set(writes.map { RecordRef($0.record) }.filter { Self.counts($0.kind) })
        var stored: [RecordRef: AnyRecord] = [:]
        try Self.forEachStoredCopy(of: Array(refs), owner: owner, db) { stored[RecordRef($0)] = $0 }
        count(writes, stored: stored)
    }

    /// The owner's totals before any change: nothing is counted yet.
    init(owner: UUID, _ db: Database) throws {
        self.owner = owner
        sum = try SQLiteStore.dayTotalBasis(of: owner, db).map(DayTotalSum.init(boundary:))
    }

    /// Whether totals are kept for the owner: if not, nothing needs counting.
    var isKept: Bool { sum != nil }

    /// The kinds whose records the totals count.
    static let countedKinds = DaySeries.allCases.map(\.kind)

    /// Counts what `writes` change, given the stored copies of their records as read before the batch
    /// (``StoredRows/copies``, of ``countedKinds``).
    mutating func count(_ writes: [WritePlan.Write], stored: [RecordRef: AnyRecord]) {
        guard sum != nil else { return }
        for (ref, record) in Self.lastCopies(of: writes) {
            if let copy = stored[ref] { sum?.add(copy, sign: -1) }
            sum?.add(record)
        }
    }

    /// The counted records of `writes` by reference: a record may come twice in a batch, and then its
    /// stored copy goes once and its last copy counts.
    private static func lastCopies(of writes: [WritePlan.Write]) -> [RecordRef: AnyRecord] {
        var written: [RecordRef: AnyRecord] = [:]
        for write in writes where counts(write.record.kind) { written[RecordRef(write.record)] = write.record }
        return written
    }

    /// The changes removing the stored copies of `refs` makes, read before they are removed.
    init(removing refs: [RecordRef], owner: UUID, _ db: Database) throws {
        try self.init(owner: owner, db)
        guard sum != nil else { return }
        // A tombstone takes nothing away.
        try Self.forEachStoredCopy(of: refs.filter { Self.counts($0.kind) }, owner: owner, db) {
            sum?.add($0, sign: -1)
        }
    }

    /// Adds the changes to the owner's totals; a day left with nothing goes, so reads find only days with
    /// entries.
    func save(_ db: Database) throws {
        guard let changes = sum?.totals, !changes.isEmpty else { return }
        let add = try db.cachedStatement(
            sql: """
                INSERT INTO day_totals (owner_id, series, day, entries, amount) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (owner_id, series, day) DO UPDATE SET
                    entries = entries + excluded.entries, amount = amount + excluded.amount
                """)
        for change in changes {
            try add.execute(
                arguments: [owner, change.series.rawValue, change.day.dayNumber, change.count, change.amount])
        }
        let emptied = try db.cachedStatement(
            sql: "DELETE FROM day_totals WHERE owner_id = ? AND series = ? AND day = ? AND entries = 0")
        for change in changes where change.count < 0 {
            try emptied.execute(arguments: [owner, change.series.rawValue, change.day.dayNumber])
        }
    }

    /// Drops every total kept for `owner`, to be rebuilt by the next read: for a change of many records at
    /// once that reads none of them (a resync's removal, records moving to another owner).
    static func forget(owner: UUID, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM day_totals WHERE owner_id = ?", arguments: [owner])
        try db.execute(sql: "DELETE FROM day_total_basis WHERE owner_id = ?", arguments: [owner])
    }

    private static func counts(_ kind: RecordKind) -> Bool {
        countedKinds.contains { $0 === kind }
    }

    /// Calls `body` with the stored copy of each of `refs` that `owner` has.
    private static func forEachStoredCopy(
        of refs: [RecordRef], owner: UUID, _ db: Database, _ body: (AnyRecord) -> Void
    ) throws {
        for series in DaySeries.allCases {
            guard let table = RecordTable.of(kind: series.kind) else { continue }
            let ids = refs.filter { $0.kind === series.kind }.map(\.id)
            // By the key alone: with `deleted = 0` too, SQLite chose the index on (owner, deleted, time) and
            // read every live entry of the owner for each chunk. A tombstone counts for nothing anyway.
            try StoredRows.inChunks(ids, of: owner) { placeholders, arguments in
                let rows = try Row.fetchCursor(
                    db.cachedStatement(
                        sql: "SELECT \(table.columns) FROM \(table.name) WHERE owner_id = ? AND id IN (\(placeholders))"
                    ),
                    arguments: arguments)
                while let row = try rows.next() { body(try table.decode(row)) }
            }
        }
    }
}
