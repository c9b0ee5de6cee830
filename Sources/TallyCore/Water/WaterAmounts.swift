import Foundation

/// The limits and the reading of water amounts, shared by entries, goals, presets and every edge.
public enum WaterAmounts {
    /// The largest single entry: more than 5 litres at once is a typing mistake.
    public static let maxEntryML = 5_000.0
    public static let maxGoalML = 20_000.0
    public static let defaultGoalML = 2_000.0
    public static let defaultStepML = 50.0

    /// Millilitres as stored: to a hundredth, so 8 oz is 236.59 ml and reads back as 8 oz.
    public static func stored(_ millilitres: Double) -> Double { (millilitres * 100).rounded() / 100 }

    /// Reads `250`, `250ml`, `250 ml`, `1.5l`, `8oz`, `8 fl oz` into millilitres. A bare number is in
    /// `unit`. Anything else (an unknown unit, not a number) is an error naming the field.
    public static func parse(_ text: String, unit: VolumeUnit, field: String = "amount") throws(TallyError) -> Double {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let numberEnd =
            trimmed.firstIndex { !($0.isASCIIDigit || $0 == "." || $0 == "-" || $0 == "+") } ?? trimmed.endIndex
        let numberText = String(trimmed[..<numberEnd])
        let suffix = trimmed[numberEnd...].trimmingCharacters(in: .whitespaces)
        guard !numberText.isEmpty, let value = Double(numberText), value.isFinite else {
            throw .invalid(field: field, reason: "'\(text)' is not an amount: use a number such as 250, 250ml or 8oz")
        }
        switch suffix {
        case "" where unit == .ml, "ml", "millilitres", "milliliters": return try whole(value, text: text, field: field)
        case "": return stored(unit.millilitres(value))
        case "l", "litre", "litres", "liter", "liters": return try whole(value * 1_000, text: text, field: field)
        case "oz", "fl oz", "floz", "ounce", "ounces": return stored(VolumeUnit.oz.millilitres(value))
        default:
            throw .invalid(field: field, reason: "'\(suffix)' is not a unit Tally knows: use ml, l or oz")
        }
    }

    /// Millilitres typed as such (or as litres) are whole: `1.5` in a millilitre field is a slip, not a
    /// drop and a half, and is refused rather than guessed at. Ounces convert to hundredths of a millilitre.
    private static func whole(_ millilitres: Double, text: String, field: String) throws(TallyError) -> Double {
        let value = stored(millilitres)
        guard value == value.rounded() else {
            throw .invalid(field: field, reason: "'\(text)' is not a whole number of millilitres")
        }
        return value
    }

    /// An amount as a form's field shows it: in `unit`, to a tenth, without grouping (`2500`, `84.5`).
    public static func formText(_ millilitres: Double, unit: VolumeUnit) -> String {
        unit.number(millilitres).replacingOccurrences(of: ",", with: "")
    }

    /// An amount read back from a form field that showed `stored` millilitres (``formText(_:unit:)``): the
    /// stored amount itself when the text is what the field showed, so a person who left it alone keeps it
    /// exactly (a goal of 2,500 ml shown as 84.5 oz would otherwise come back as 2,498.96 ml); otherwise
    /// the text read as ``parse(_:unit:field:)`` reads it.
    public static func edited(
        _ text: String, stored: Double?, unit: VolumeUnit, field: String = "amount"
    ) throws(TallyError) -> Double {
        if let stored, text.trimmingCharacters(in: .whitespaces) == formText(stored, unit: unit) { return stored }
        return try parse(text, unit: unit, field: field)
    }

    /// An entry's amount, checked: more than nothing and at most 5 litres.
    public static func checkedEntry(_ millilitres: Double, field: String = "amount") throws(TallyError) -> Double {
        let value = stored(millilitres)
        guard !millilitres.isNaN, value > 0 else {
            throw .invalid(field: field, reason: "must be more than 0 (got \(describe(millilitres)))")
        }
        guard value <= maxEntryML else {
            throw .invalid(field: field, reason: "\(describe(millilitres)) is more than 5 litres in one entry")
        }
        return value
    }

    /// A daily goal, checked: more than nothing and at most 20 litres.
    public static func checkedGoal(_ millilitres: Double, field: String = "goal") throws(TallyError) -> Double {
        let value = stored(millilitres)
        guard !millilitres.isNaN, value >= 1 else {
            throw .invalid(field: field, reason: "must be more than 0 (got \(describe(millilitres)))")
        }
        guard value <= maxGoalML else {
            throw .invalid(field: field, reason: "\(describe(millilitres)) is more than 20 litres a day")
        }
        return value
    }

    /// A weekly or monthly goal, checked: more than nothing and at most 20 litres for each of its days.
    public static func checkedGoal(
        _ millilitres: Double, period: WaterPeriod, field: String? = nil
    ) throws(TallyError) -> Double {
        let field = field ?? "\(period.rawValue)Goal"
        let value = stored(millilitres)
        guard !millilitres.isNaN, value >= 1 else {
            throw .invalid(field: field, reason: "must be more than 0 (got \(describe(millilitres)))")
        }
        guard value <= period.maxGoalML else {
            let limit = VolumeUnit.ml.number(period.maxGoalML / 1_000)
            throw .invalid(
                field: field, reason: "\(describe(millilitres)) is more than \(limit) litres \(period.perText)")
        }
        return value
    }

    private static func describe(_ millilitres: Double) -> String {
        millilitres.isFinite ? VolumeUnit.ml.format(stored(millilitres)) : "\(millilitres)"
    }
}
