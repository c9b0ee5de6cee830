import Foundation
import GRDB
import TallyCore
import TallyStorage

extension SQLiteStore {
    /// The day's latest entries, its total and the goals in one read transaction. Totals kept under another
    /// day start are built first, as every read of them does (``waterDayInParts(owner:day:window:boundary:limit:)``).
    public func waterDay(
        owner: UUID, day: LocalDay, window: DayWindow, boundary: DayBoundary, limit: Int
    ) async throws -> WaterDayRead {
        let minute = boundary.dayStart.minuteOfDay
        let read = try await pool.read { db -> WaterDayRead? in
            guard try Self.basis(of: owner, db) == minute else { return nil }
            return WaterDayRead(
                latest: try Self.latestWater(owner: owner, day: day, window: window, boundary: boundary, limit, db),
                total: try Self.totals(of: owner, DayTotalQuery(.water, days: day...day), db).first,
                goals: try Self.waterGoals(owner: owner, db))
        }
        if let read { return read }
        return try await waterDayInParts(owner: owner, day: day, window: window, boundary: boundary, limit: limit)
    }

    /// The latest `limit` entries whose own day is `day`, newest first, read back from the window's end a
    /// page at a time (entries captured in the window's own zone outside its local day are skipped unread).
    private static func latestWater(
        owner: UUID, day: LocalDay, window: DayWindow, boundary: DayBoundary, _ limit: Int, _ db: Database
    ) throws -> [WaterEntry] {
        var assigner = DayAssigner(boundary: boundary)
        let page = max(limit, 64)
        let low = window.candidates.start.clampedMilliseconds
        var high = window.candidates.end.clampedMilliseconds - 1
        var kept: [WaterEntry] = []
        var seen = Set<UUID>()
        let statement = try db.cachedStatement(
            sql: """
                SELECT \(WaterEntry.selection) FROM water_entries
                WHERE owner_id = ? AND deleted = 0 AND at_ms BETWEEN ? AND ?
                    AND (time_zone <> ? OR (at_ms >= ? AND at_ms < ?))
                ORDER BY at_ms DESC, id DESC LIMIT ?
                """)
        while kept.count < limit, low <= high {
            let entries = try Row.fetchAll(
                statement,
                arguments: [
                    owner, low, high, window.zoneID, window.local.start.clampedMilliseconds,
                    window.local.end.clampedMilliseconds, page,
                ]
            ).map(WaterEntry.init(row:))
            for entry in entries where seen.insert(entry.id).inserted {
                guard window.mayHold(entry.at, zoneID: entry.timeZoneID),
                    assigner.day(of: entry.at, zoneID: entry.timeZoneID) == day
                else { continue }
                kept.append(entry)
                if kept.count == limit { break }
            }
            guard entries.count == page, let last = entries.last?.at.clampedMilliseconds else { break }
            // The next page starts at the last instant read (more may share it), or below it when the whole
            // page shared it.
            high = entries.first?.at.clampedMilliseconds == last ? last - 1 : last
        }
        return kept
    }
}
