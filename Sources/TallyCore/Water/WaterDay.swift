import Foundation

/// One local day of water: the entries, newest first, and the total against that day's goal.
public struct WaterDay: Hashable, Sendable {
    public let summary: WaterDayTotal
    public let entries: [WaterEntry]

    /// Keeps the entries whose own local day is `day` (storage reads a wider window).
    public init(day: LocalDay, entries candidates: [WaterEntry], goals: WaterGoalHistory, boundary: DayBoundary) {
        var assigner = DayAssigner(boundary: boundary)
        entries = candidates.filter { assigner.day(of: $0.at, zoneID: $0.timeZoneID) == day }
            .sorted { ($0.at, $0.id) > ($1.at, $1.id) }
        summary = WaterDayTotal(day: day, totalML: entries.reduce(0) { $0 + $1.amountML }, goalML: goals.goal(on: day))
    }

    public var day: LocalDay { summary.day }
}
