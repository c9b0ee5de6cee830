import Foundation
import PostgresNIO
import TallyCore
import TallyStorage

/// A write in one round trip: planned from what this process last knew of the owner's clock
/// (``OwnerWriteState``) and sent as one prepared statement (``QuickWriteStatement``), which writes only
/// if that is still so. When it is not (another process or request wrote for the owner since, the totals
/// were rebuilt, an edit of a counted record), or the write does not fit, the caller takes the
/// transaction's way: lock the clock, read, plan, write, commit.
extension PostgresStore {
    /// Records a write may hold to go this way: a person's action writes one or a few.
    static let quickWriteLimit = 100

    /// The planned and stored records, or nil when this write must take the transaction's way.
    func quickWrite(_ records: [AnyRecord], owner: UUID, now: Date) async throws -> [AnyRecord]? {
        guard records.count <= Self.quickWriteLimit, records.allSatisfy({ $0.naturalKey == nil }),
            Set(records.map { RecordRef($0) }).count == records.count, let state = writeStates.take(owner)
        else { return nil }
        let plan = SyncEngine.write(records, deviceID: deviceID, clock: state.clock, now: now)
        var rows = RowColumns(capacity: plan.writes.count)
        for write in plan.writes { try rows.append(write) }
        var totals: [DayTotal] = []
        var counted: [UUID] = []
        if state.basis >= 0, let boundary = Self.boundary(minute: Int(state.basis)) {
            let kinds = Set(DaySeries.allCases.map(\.kind.id))
            var sum = DayTotalSum(boundary: boundary)
            for write in plan.writes where kinds.contains(write.record.kind.id) {
                counted.append(write.record.meta.id)
                sum.add(write.record)
            }
            totals = sum.totals
        }
        let statement = QuickWriteStatement(
            owner: owner, state: state, clock: plan.clock, rows: rows, totals: totals, counted: counted)
        let version = try await withConnection { [logger] connection in
            var versions: [String] = []
            for try await version in try await connection.execute(statement, logger: logger) {
                versions.append(version)
            }
            return versions.first
        }
        guard let version else { return nil }
        writeStates.put(OwnerWriteState(version: version, clock: plan.clock, basis: state.basis), for: owner)
        return plan.writes.map(\.record)
    }
}
