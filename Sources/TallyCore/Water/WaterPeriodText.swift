import Foundation

/// How a week's or a month's progress reads, the same on the page, in the CLI, on the share card and in
/// the widget: "9.8 of 14 l this week", "4 days left · 1,050 ml a day to make it".
public enum WaterPeriodText {
    /// Litres to a tenth for millilitre users (`9.8 l`), whole ounces for ounce users: a week's amounts
    /// are too large for millilitres to read at a glance.
    public static func large(_ millilitres: Double, unit: VolumeUnit) -> String {
        "\(largeNumber(millilitres, unit: unit)) \(largeSymbol(unit))"
    }

    /// "9.8 of 14 l this week"; "9.8 l this week" without a goal. `this` names the span: "this week" by
    /// default, "the week of 2 Nov" for another, "" for none.
    public static func headline(_ progress: WaterPeriodProgress, unit: VolumeUnit, this: String? = nil) -> String {
        let span = this ?? "this \(progress.span.period.rawValue)"
        let suffix = span.isEmpty ? "" : " \(span)"
        guard let goal = progress.goalML else { return "\(large(progress.totalML, unit: unit))\(suffix)" }
        return "\(largeNumber(progress.totalML, unit: unit)) of \(large(goal, unit: unit))\(suffix)"
    }

    /// "Goal met", "4 days left · 1,050 ml a day to make it", "Missed by 1.2 l", or nil without a goal.
    public static func detail(_ progress: WaterPeriodProgress, unit: VolumeUnit) -> String? {
        guard progress.goalML != nil else { return nil }
        if progress.isMet { return "Goal met" }
        if progress.daysLeft == 0 { return "Missed by \(large(progress.remainingML, unit: unit))" }
        let days = progress.daysLeft == 1 ? "1 day left" : "\(progress.daysLeft) days left"
        guard let needed = progress.neededPerDayML else { return days }
        let pace = progress.daysLeft == 1 ? "\(unit.format(needed)) today" : "\(unit.format(needed)) a day"
        return "\(days) · \(pace) to make it"
    }

    private static func largeNumber(_ millilitres: Double, unit: VolumeUnit) -> String {
        switch unit {
        case .ml:
            // Tenths of a litre, as whole numbers so that 9.8 reads as 9.8 and 14.0 as 14.
            guard millilitres.isFinite, abs(millilitres) < 1e15 else { return "\(millilitres / 1_000)" }
            let tenths = Int((millilitres / 100).rounded())
            let whole = VolumeUnit.ml.number(Double(tenths / 10))
            return tenths % 10 == 0 ? whole : "\(whole).\(abs(tenths % 10))"
        case .oz: return VolumeUnit.ml.number(VolumeUnit.oz.value(ofMillilitres: millilitres).rounded())
        }
    }

    private static func largeSymbol(_ unit: VolumeUnit) -> String {
        switch unit {
        case .ml: "l"
        case .oz: "oz"
        }
    }
}
