import Foundation
import TallyCore

/// The human form of water output.
enum WaterText {
    /// `1,250 / 2,000 ml (62%) · 750 ml to go`.
    static func progress(_ total: WaterDayTotal, unit: VolumeUnit) -> String {
        let head = "\(unit.number(total.totalML)) / \(unit.format(total.goalML)) (\(total.percent)%)"
        return head + (total.isGoalMet ? " · goal met" : " · \(unit.format(total.remainingML)) to go")
    }

    static func days(_ count: Int) -> String { count == 1 ? "1 day" : "\(count) days" }

    static func show(_ day: WaterDay, settings: UserSettings, json: Bool) throws {
        if json { return try Output.json(WaterDayJSON(day, boundary: settings.boundary)) }
        let unit = settings.water.unit
        print("Water \(day.day): \(progress(day.summary, unit: unit))")
        for entry in day.entries {
            let drink = entry.drinkKind.map { "  \($0)" } ?? ""
            print("  \(entry.localDateTime.timeOfDay)  \(unit.format(entry.amountML))\(drink)  (\(entry.id))")
        }
        if day.isPartial {
            print("  … and \(day.count - day.entries.count) earlier entries of the day, counted above, not listed")
        }
    }
}
