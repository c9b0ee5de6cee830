import Foundation

/// One local day of water: its latest entries, newest first, how many it holds, and the total against that
/// day's goal.
public struct WaterDay: Hashable, Sendable {
    /// The most entries a day lists: a day holding more shows its latest and says how many it holds.
    public static let listed = 200

    public let summary: WaterDayTotal
    /// The day's entries, newest first: all of them, or its latest ``listed`` when it holds more.
    public let entries: [WaterEntry]
    /// How many entries the day holds.
    public let count: Int

    /// Keeps the entries whose own local day is `day` (storage reads a wider window).
    public init(day: LocalDay, entries candidates: [WaterEntry], goals: WaterGoalHistory, boundary: DayBoundary) {
        var assigner = DayAssigner(boundary: boundary)
        let all = candidates.filter { assigner.day(of: $0.at, zoneID: $0.timeZoneID) == day }
            .sorted { ($0.at, $0.id) > ($1.at, $1.id) }
        entries = Array(all.prefix(Self.listed))
        count = all.count
        summary = WaterDayTotal(day: day, totalML: all.reduce(0) { $0 + $1.amountML }, goalML: goals.goal(on: day))
    }

    /// A day from the total the store keeps for it and its latest entries (already the day's, newest first).
    public init(day: LocalDay, latest: [WaterEntry], total: DayTotal?, goals: WaterGoalHistory) {
        entries = latest
        count = total?.count ?? latest.count
        summary = WaterDayTotal(day: day, totalML: total?.amountML ?? 0, goalML: goals.goal(on: day))
    }

    public var day: LocalDay { summary.day }

    /// Whether the day holds entries it does not list.
    public var isPartial: Bool { count > entries.count }
}
