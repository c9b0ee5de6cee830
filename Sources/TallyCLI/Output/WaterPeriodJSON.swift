import Foundation
import TallyCore

/// A week's or a month's progress in `--json` output, with the API's field names.
struct WaterPeriodJSON: Encodable {
    let period: String
    let from: String
    let to: String
    let totalMl: Double
    let goalMl: Double?
    let goalMet: Bool
    let percent: Int
    let remainingMl: Double
    let daysLeft: Int
    let neededPerDayMl: Double?

    init(_ progress: WaterPeriodProgress) {
        period = progress.span.period.rawValue
        from = progress.span.first.description
        to = progress.span.last.description
        totalMl = progress.totalML
        goalMl = progress.goalML
        goalMet = progress.isMet
        percent = progress.goalML == nil ? 0 : progress.percent
        remainingMl = progress.remainingML
        daysLeft = progress.daysLeft
        neededPerDayMl = progress.neededPerDayML
    }
}

/// `tally water stats --json`: the daily figures, this week and this month, and the weeks and months met.
struct WaterStatsWithPeriodsJSON: Encodable {
    let stats: WaterStatsJSON
    let thisWeek: WaterPeriodJSON
    let thisMonth: WaterPeriodJSON
    let weeksMet: Int
    let weeksCounted: Int
    let monthsMet: Int
    let monthsCounted: Int

    init(_ stats: WaterStatsJSON, periods: WaterPeriodStats) {
        self.stats = stats
        thisWeek = WaterPeriodJSON(periods.week)
        thisMonth = WaterPeriodJSON(periods.month)
        weeksMet = periods.weeks.met
        weeksCounted = periods.weeks.counted
        monthsMet = periods.months.met
        monthsCounted = periods.months.counted
    }

    func encode(to encoder: any Encoder) throws {
        // The daily figures stay at the top level, as before.
        try stats.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(thisWeek, forKey: .thisWeek)
        try container.encode(thisMonth, forKey: .thisMonth)
        try container.encode(weeksMet, forKey: .weeksMet)
        try container.encode(weeksCounted, forKey: .weeksCounted)
        try container.encode(monthsMet, forKey: .monthsMet)
        try container.encode(monthsCounted, forKey: .monthsCounted)
    }

    private enum Keys: String, CodingKey {
        case thisWeek, thisMonth, weeksMet, weeksCounted, monthsMet, monthsCounted
    }
}

/// One day's total against its goal, as the API's `WaterDayTotal`.
struct WaterDayTotalJSON: Encodable {
    let day: String
    let totalMl: Double
    let goalMl: Double
    let progress: Double
    let goalMet: Bool

    init(_ total: WaterDayTotal) {
        day = total.day.description
        totalMl = total.totalML
        goalMl = total.goalML
        progress = total.progress
        goalMet = total.isGoalMet
    }
}
