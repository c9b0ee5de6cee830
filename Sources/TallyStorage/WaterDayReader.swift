import Foundation
import TallyCore

/// The read of a day of water, the most frequent read there is: a store that can gives it in one read
/// (SQLite: one read transaction instead of three), which also sees the three parts as of one moment.
public protocol WaterDayReader: Sendable {
    /// The latest `limit` entries of `owner` whose own local day under `boundary` is `day` (`window` is
    /// that day's, ``DayWindow``), newest first; the day's total kept under `boundary`; every goal.
    func waterDay(
        owner: UUID, day: LocalDay, window: DayWindow, boundary: DayBoundary, limit: Int
    ) async throws
        -> WaterDayRead
}

extension WaterDayReader where Self: RecordReader & DayTotalStore {
    public func waterDay(
        owner: UUID, day: LocalDay, window: DayWindow, boundary: DayBoundary, limit: Int
    ) async throws -> WaterDayRead {
        try await waterDayInParts(owner: owner, day: day, window: window, boundary: boundary, limit: limit)
    }
}

extension RecordReader where Self: DayTotalStore {
    /// ``WaterDayReader/waterDay(owner:day:window:boundary:limit:)`` as three reads: the latest entries, the
    /// day's total (building the owner's totals under `boundary` first when they are kept under another),
    /// the goals.
    public func waterDayInParts(
        owner: UUID, day: LocalDay, window: DayWindow, boundary: DayBoundary, limit: Int
    ) async throws -> WaterDayRead {
        var assigner = DayAssigner(boundary: boundary)
        let latest = try await self.latest(WaterEntry.self, owner: owner, in: window.candidates, limit: limit) {
            window.mayHold($0.at, zoneID: $0.timeZoneID) && assigner.day(of: $0.at, zoneID: $0.timeZoneID) == day
        }
        let total = try await dayTotals(owner: owner, boundary: boundary, DayTotalQuery(.water, days: day...day))
        return WaterDayRead(latest: latest, total: total.first, goals: try await waterGoals(owner: owner))
    }
}
