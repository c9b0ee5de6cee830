import Foundation
import GRDB
import TallyCore
import TallyStorage

extension SQLiteStore {
    /// Filters by owner, tombstone and id in SQL and by the rest of the query as the rows are read: the
    /// typed reads below, which every tracker uses, have queries of their own.
    public func records<Record: SyncedRecord>(
        _ type: Record.Type, owner: UUID, _ query: RecordQuery
    ) async throws
        -> [Record]
    {
        guard let table = RecordTable.of(kind: Record.kind.id) else { return [] }
        return try await pool.read { db in
            var sql = "SELECT \(table.columns) FROM \(table.name) WHERE owner_id = ?"
            var arguments: StatementArguments = [owner]
            sql += query.includingDeleted ? " AND deleted IN (0, 1)" : " AND deleted = 0"
            if let id = query.id {
                sql += " AND id = ?"
                arguments += [id]
            }
            if let keys = query.searchKeys, let column = table.searchColumn {
                // Through the (owner_id, deleted, time) index: a window of a long history reads only itself.
                sql += " AND \(column) BETWEEN ? AND ?"
                arguments += [keys.lowerBound, keys.upperBound]
            }
            if let latest = query.latest, let column = table.searchColumn {
                sql += " ORDER BY \(column) DESC, id DESC LIMIT ?"
                arguments += [latest]
            }
            // Each row decoded where SQLite holds it (a cursor's row), not copied first: an export reads
            // millions of them.
            var records: [Record] = []
            let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
            while let row = try rows.next() {
                let record = try table.decode(row)
                if query.matches(record), let typed = record.as(Record.self) { records.append(typed) }
            }
            return records
        }
    }

    /// Through the time index, for the kinds with a search column.
    public func searchKeyRange<Record: SyncedRecord>(
        _ type: Record.Type, owner: UUID
    ) async throws
        -> ClosedRange<Int64>?
    {
        guard let table = RecordTable.of(kind: Record.kind.id), let column = table.searchColumn else {
            let keys = try await records(type, owner: owner, RecordQuery(includingDeleted: true)).compactMap(
                \.searchKey)
            guard let least = keys.min(), let greatest = keys.max() else { return nil }
            return least...greatest
        }
        return try await pool.read { db in
            let bounds = try Row.fetchOne(
                db.cachedStatement(
                    sql:
                        "SELECT min(\(column)), max(\(column)) FROM \(table.name) WHERE owner_id = ? AND deleted IN (0, 1)"
                ),
                arguments: [owner])
            guard let least = bounds?[0] as Int64?, let greatest = bounds?[1] as Int64? else { return nil }
            return least...greatest
        }
    }

    public func bathroomEvents(owner: UUID, in interval: DateInterval) async throws -> [BathroomEvent] {
        try await pool.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT \(BathroomEvent.selection) FROM bathroom_events
                        WHERE owner_id = ? AND deleted = 0 AND at_ms >= ? AND at_ms < ?
                        ORDER BY at_ms DESC
                        """),
                arguments: [
                    owner, interval.start.clampedMilliseconds, interval.end.clampedMilliseconds,
                ]
            ).map(BathroomEvent.init(row:))
        }
    }

    public func settings(owner: UUID) async throws -> [SettingRecord] {
        try await pointRead { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql:
                        "SELECT \(SettingRecord.selection) FROM settings WHERE owner_id = ? AND deleted = 0 ORDER BY key"
                ),
                arguments: [owner]
            ).map(SettingRecord.init(row:))
        }
    }

    public func owners(withSetting key: SettingKey, value: String) async throws -> [UUID] {
        try await pool.read { db in
            try UUID.fetchAll(
                db.cachedStatement(sql: "SELECT owner_id FROM settings WHERE key = ? AND value = ? AND deleted = 0"),
                arguments: [key.rawValue, value]
            )
        }
    }
}
