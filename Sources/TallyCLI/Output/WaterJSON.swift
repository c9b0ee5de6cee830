import Foundation
import TallyCore
import TallyServices

/// A water entry in `--json` output. Amounts are always millilitres.
struct WaterEntryJSON: Encodable {
    let id: String
    let at: String
    let timeZone: String
    let localDay: String
    let localTime: String
    let amountMl: Double
    let drinkKind: String?
    let source: String

    init(_ entry: WaterEntry, boundary: DayBoundary) {
        id = entry.id.text
        at = InstantFormat.string(entry.at, in: entry.zone)
        timeZone = entry.timeZoneID
        localDay = entry.localDay(boundary).description
        localTime = entry.localDateTime.timeOfDay.description
        amountMl = entry.amountML
        drinkKind = entry.drinkKind
        source = entry.source.rawValue
    }
}

/// A day of water in `--json` output.
struct WaterDayJSON: Encodable {
    let day: String
    let totalMl: Double
    let goalMl: Double
    let remainingMl: Double
    let progress: Double
    let goalMet: Bool
    /// How many entries the day holds: `entries` lists its latest ``WaterDay/listed`` when it holds more.
    let entryCount: Int
    let entries: [WaterEntryJSON]

    init(_ day: WaterDay, boundary: DayBoundary) {
        self.day = day.day.description
        totalMl = day.summary.totalML
        goalMl = day.summary.goalML
        remainingMl = day.summary.remainingML
        progress = day.summary.progress
        goalMet = day.summary.isGoalMet
        entryCount = day.count
        entries = day.entries.map { WaterEntryJSON($0, boundary: boundary) }
    }
}

/// The all-time statistics in `--json` output.
struct WaterStatsJSON: Encodable {
    let today: String
    let firstDay: String?
    let goalMl: Double
    let totalMl: Double
    let daysMet: Int
    let currentStreak: Int
    let longestStreak: Int
    let average7Ml: Double
    let average30Ml: Double
    let averageAllMl: Double

    init(_ stats: WaterStats, goalML: Double) {
        today = stats.today.description
        firstDay = stats.firstDay?.description
        goalMl = goalML
        totalMl = stats.totalML
        daysMet = stats.daysMet
        currentStreak = stats.currentStreak
        longestStreak = stats.longestStreak
        average7Ml = stats.average7ML
        average30Ml = stats.average30ML
        averageAllMl = stats.averageAllML
    }
}
