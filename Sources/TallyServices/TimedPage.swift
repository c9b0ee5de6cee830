import Foundation
import TallyCore
import TallyStorage

/// A newest-first page of the water entries or bathroom events of some days, and how many the days hold:
/// what a listing answers costs its page, however many records a day holds.
public struct TimedPage<Record: Sendable>: Sendable {
    /// The most a page holds, and what it holds when no limit is asked.
    public static var largest: Int { 1_000 }

    public let records: [Record]
    /// Where the next page starts; nil on the last.
    public let next: RecordCursor?
    /// How many records the days hold, from the day totals.
    public let count: Int
    /// Their amount in millilitres (water), from the day totals.
    public let amountML: Double

    /// Refuses a page size outside 1...``largest``.
    public static func checked(limit: Int?) throws(TallyError) -> Int {
        let limit = limit ?? largest
        guard (1...largest).contains(limit) else {
            throw .invalid(field: "limit", reason: "\(limit) is not from 1 to \(largest)")
        }
        return limit
    }
}

extension UserScope {
    /// The page of `type`'s records whose own local day lies in `from...to`, newest first, after `before`.
    func page<Record: SyncedRecord>(
        _ type: Record.Type, series: DaySeries, from: LocalDay, to: LocalDay, limit: Int?, before: RecordCursor?,
        instant: (Record) -> Date, zoneID: (Record) -> String
    ) async throws -> TimedPage<Record> {
        try BathroomService.checkRange(from: from, to: to)
        let limit = try TimedPage<Record>.checked(limit: limit)
        let now = try await now()
        let window = now.settings.boundary.window(from: from, to: to, around: now.zone)
        var interval = window.candidates
        if let before {
            let end = min(interval.end, Date(millisecondsSince1970: before.millis + 1))
            interval = DateInterval(start: interval.start, end: max(interval.start, end))
        }
        var assigner = DayAssigner(boundary: now.settings.boundary)
        let records = try await store.latest(type, owner: owner, in: interval, limit: limit + 1) { record in
            let (at, zone) = (instant(record), zoneID(record))
            return window.mayHold(at, zoneID: zone) && (from...to).contains(assigner.day(of: at, zoneID: zone))
                && before.map { $0.isFollowed(by: at, id: record.meta.id) } ?? true
        }
        let totals = try await store.dayTotals(
            owner: owner, boundary: now.settings.boundary, DayTotalQuery(series, days: from...to))
        let shown = Array(records.prefix(limit))
        return TimedPage(
            records: shown,
            next: records.count > limit ? shown.last.map { RecordCursor(at: instant($0), id: $0.meta.id) } : nil,
            count: totals.reduce(0) { $0 + $1.count }, amountML: totals.reduce(0) { $0 + $1.amountML })
    }
}
