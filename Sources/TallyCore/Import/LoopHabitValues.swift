import Foundation

/// How Loop Habit Tracker writes a habit's colour, frequency, target and checkmarks, in its SQLite backup
/// and its CSV export alike.
public enum LoopHabitValues {
    /// Loop's colour palette, by the index its backups store since schema version 14.
    static let palette = [
        "#D32F2F", "#E64A19", "#F57C00", "#FF8F00", "#F9A825", "#AFB42B", "#7CB342", "#388E3C", "#00897B",
        "#00ACC1", "#039BE5", "#1976D2", "#303F9F", "#5E35B1", "#8E24AA", "#D81B60", "#5D4037", "#757575",
        "#424242", "#000000",
    ]

    /// The checkmark values Loop stores: yes (by hand or worked out from the frequency), no, skipped, unknown.
    public static let yesManual = 2
    public static let yesAuto = 1
    public static let no = 0
    public static let skip = 3
    public static let unknown = -1

    /// `#RRGGBB` of a stored colour: a palette index (schema 14 on), an ARGB integer before; nil for an
    /// index outside the palette.
    public static func colour(_ stored: Int64, schemaVersion: Int) -> String? {
        if (0..<Int64(palette.count)).contains(stored) { return palette[Int(stored)] }
        return schemaVersion >= 14 ? nil : ImportedHabit.hex(argb: stored)
    }

    /// A colour as the CSV export writes it: `#RRGGBB`, or a palette index.
    public static func colour(text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("#"), trimmed.count == 7, UInt32(trimmed.dropFirst(), radix: 16) != nil {
            return trimmed.uppercased()
        }
        guard let number = Int64(trimmed) else { return nil }
        return colour(number, schemaVersion: 14)
    }

    /// A checkmark's value in any of the three spellings Loop's CSV export has used: an integer (a
    /// measured habit's amount x 1000), `Entry(timestamp=..., value=7000, ...)`, or a name such as
    /// `YES_MANUAL`. Nil for anything else.
    public static func value(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let number = Int(trimmed) { return number }
        switch trimmed.uppercased() {
        case "YES_MANUAL": return yesManual
        case "YES_AUTO": return yesAuto
        case "NO": return no
        case "SKIP": return skip
        case "UNKNOWN": return unknown
        default: break
        }
        guard trimmed.hasPrefix("Entry("), let start = trimmed.range(of: "value=") else { return nil }
        let digits = trimmed[start.upperBound...].prefix { $0 == "-" || $0.isNumber }
        return Int(digits)
    }

    /// How much of a day's task a stored value is. A yes/no habit is done on a yes (by hand or
    /// automatic); skipped and unknown days are not completions. A measured habit's value is its amount
    /// x 1000, weighed against its target.
    public static func level(of value: Int, measure: ImportedHabit.Measure?) -> CompletionLevel {
        guard let measure else { return value == yesManual || value == yesAuto ? .full : .none }
        guard value >= 0 else { return .none }
        return measure.level(of: Double(value) / 1000)
    }

    /// A measured habit's target: type 1 is numerical; target type 1 is "at most"; a denominator of 28 or
    /// more is a target a month (Loop writes a month as 30), of 7 or more a target a week.
    public static func measure(
        type: Int, targetType: Int, targetValue: Double, unit: String, denominator: Int
    ) -> ImportedHabit.Measure? {
        guard type == 1 else { return nil }
        return ImportedHabit.Measure(
            target: targetValue, unit: unit, period: denominator >= 28 ? .month : denominator >= 7 ? .week : .day,
            atMost: targetType == 1)
    }

    /// How often a habit is due: a measured habit's numerator and denominator say the period of its target
    /// (day, week or month), so it is daily or once in that period.
    public static func rate(numerator: Int, denominator: Int, measured: Bool) -> HabitRate {
        if measured { return HabitRate(times: 1, days: max(denominator, 1)) }
        return HabitRate(times: numerator, days: denominator)
    }

    /// The day of a checkmark's timestamp (milliseconds at UTC midnight).
    public static func day(ofTimestamp milliseconds: Int64) -> LocalDay {
        LocalDay(dayNumber: Int(milliseconds.floorDivided(by: 86_400_000)))
    }
}

extension Int64 {
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
