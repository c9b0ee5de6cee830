import Foundation

/// The unit a person reads and types water amounts in. Amounts are stored in millilitres; this only
/// converts and rounds for display.
public enum VolumeUnit: String, Hashable, Codable, Sendable, CaseIterable {
    case ml
    case oz

    /// One US fluid ounce in millilitres.
    public static let millilitresPerOunce = 29.5735

    /// `value` in this unit, as millilitres.
    public func millilitres(_ value: Double) -> Double {
        switch self {
        case .ml: value
        case .oz: value * Self.millilitresPerOunce
        }
    }

    /// `millilitres` as a value in this unit, unrounded.
    public func value(ofMillilitres millilitres: Double) -> Double {
        switch self {
        case .ml: millilitres
        case .oz: millilitres / Self.millilitresPerOunce
        }
    }

    /// `millilitres` rounded as shown in this unit: whole millilitres, or ounces to a tenth (whole
    /// ounces from 100 up, where a tenth is noise).
    public func rounded(_ millilitres: Double) -> Double {
        let value = value(ofMillilitres: millilitres)
        switch self {
        case .ml: return value.rounded()
        case .oz: return abs(value) >= 100 ? value.rounded() : (value * 10).rounded() / 10
        }
    }

    /// The number alone, as shown: `1,850`, `8`, `8.5`.
    public func number(_ millilitres: Double) -> String {
        let value = rounded(millilitres)
        // Past what a person drinks by far (a run of typed digits, 1e19 sent to the API), and past what an
        // Int holds: as Swift writes it, rather than trap while saying the amount is wrong.
        guard abs(value) < 1e15, let whole = Int(exactly: value.rounded(.towardZero)) else { return "\(value)" }
        let tenths = Int((abs(value - Double(whole)) * 10).rounded())
        let sign = value < 0 && whole == 0 ? "-" : ""
        let grouped = sign + Self.grouped(whole)
        return tenths == 0 ? grouped : "\(grouped).\(tenths)"
    }

    /// The amount with its unit: `250 ml`, `8.5 oz`.
    public func format(_ millilitres: Double) -> String { "\(number(millilitres)) \(symbol)" }

    /// The amount as a screen reader says it on a button: "250 millilitres", "8 ounces".
    public func spoken(_ millilitres: Double) -> String {
        let number = number(millilitres)
        switch self {
        case .ml: return "\(number) millilitres"
        case .oz: return number == "1" ? "1 ounce" : "\(number) ounces"
        }
    }

    public var symbol: String { rawValue }

    /// The quick-add presets a new user starts with: 250 and 500 ml, or 8 and 16 oz.
    public var defaultPresets: [Double] {
        switch self {
        case .ml: [250, 500]
        case .oz: [8, 16].map { WaterAmounts.stored(Self.millilitresPerOunce * $0) }
        }
    }

    /// The step of the custom amount control, in this unit: 50 ml, or a whole ounce.
    public func customStep(stepML: Double) -> Double {
        switch self {
        case .ml: stepML
        case .oz: 1
        }
    }

    private static func grouped(_ value: Int) -> String {
        let digits = String(abs(value))
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return value < 0 ? "-" + result : result
    }
}

extension VolumeUnit {
    /// `ml` or `oz`, in any letter case.
    public static func parse(_ text: String, field: String = "unit") throws(TallyError) -> VolumeUnit {
        guard let unit = VolumeUnit(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased()) else {
            throw .invalid(field: field, reason: "'\(text)' is not a unit: use ml or oz")
        }
        return unit
    }
}
