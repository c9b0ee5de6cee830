import Foundation

/// Water per local day over many entries, each entry on the local day of its own zone.
public struct WaterDayTotals: Sendable {
    private var byDay: [Int: Double] = [:]

    public init(_ samples: [WaterSample], boundary: DayBoundary) {
        var assigner = DayAssigner(boundary: boundary)
        for sample in samples {
            let day = assigner.day(of: sample.at, zoneID: sample.timeZoneID)
            byDay[day.dayNumber, default: 0] += sample.amountML
        }
    }

    /// From the day totals of the water series a store keeps.
    public init(_ totals: [DayTotal]) {
        for total in totals where total.series == .water { byDay[total.day.dayNumber, default: 0] += total.amountML }
    }

    public func total(on day: LocalDay) -> Double { byDay[day.dayNumber] ?? 0 }

    /// The first day with any water, or nil when there is none.
    public var firstDay: LocalDay? { byDay.keys.min().map(LocalDay.init(dayNumber:)) }

    /// Everything drunk on days up to and including `day`.
    public func sum(through day: LocalDay) -> Double {
        byDay.reduce(0) { $1.key <= day.dayNumber ? $0 + $1.value : $0 }
    }

    public func sum(from start: LocalDay, to end: LocalDay) -> Double {
        guard start <= end else { return 0 }
        return (start.dayNumber...end.dayNumber).reduce(0) { $0 + (byDay[$1] ?? 0) }
    }

    /// `day`'s total against the goal in force that day.
    public func dayTotal(_ day: LocalDay, goals: WaterGoalHistory) -> WaterDayTotal {
        WaterDayTotal(day: day, totalML: total(on: day), goalML: goals.goal(on: day))
    }
}
