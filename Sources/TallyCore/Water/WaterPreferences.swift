import Foundation

/// How a user reads and logs water: the unit, the quick-add presets, the step of the custom amount
/// control, and the public share link. The daily goal has a history of its own (``WaterGoal``).
public struct WaterPreferences: Hashable, Sendable {
    public static let presetCount = 2...4
    public static let stepRange = 1.0...1_000.0

    public var unit: VolumeUnit
    /// Chosen presets in millilitres, in display order; nil keeps the unit's defaults (250/500 ml, 8/16 oz).
    public var chosenPresetsML: [Double]?
    public var stepML: Double
    /// The secret of the public share link; nil while sharing is off.
    public var shareToken: String?

    public init(
        unit: VolumeUnit = .ml, chosenPresetsML: [Double]? = nil, stepML: Double = WaterAmounts.defaultStepML,
        shareToken: String? = nil
    ) {
        self.unit = unit
        self.chosenPresetsML = chosenPresetsML
        self.stepML = stepML
        self.shareToken = shareToken
    }

    /// The presets in force.
    public var presetsML: [Double] { chosenPresetsML ?? unit.defaultPresets }

    /// Reads presets stored as `250,500` (millilitres), checking each like an entry and their count.
    static func presets(_ text: String) throws(TallyError) -> [Double] {
        var result: [Double] = []
        for part in text.split(separator: ",") {
            guard let value = Double(part.trimmingCharacters(in: .whitespaces)) else {
                throw .invalid(field: "presets", reason: "'\(part)' is not an amount in millilitres")
            }
            result.append(try WaterAmounts.checkedEntry(value, field: "presets"))
        }
        guard presetCount.contains(result.count) else {
            throw .invalid(field: "presets", reason: "give 2 to 4 presets (got \(result.count))")
        }
        return result
    }

    static func presetsText(_ presets: [Double]) -> String { presets.map(millilitreText).joined(separator: ",") }

    static func step(_ text: String) throws(TallyError) -> Double {
        guard let value = Double(text), stepRange.contains(value) else {
            throw .invalid(field: "step", reason: "'\(text)' is not a step between 1 and 1000 ml")
        }
        return WaterAmounts.stored(value)
    }

    static func shareToken(_ text: String) throws(TallyError) -> String {
        guard text.count == 32, text.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else {
            throw .invalid(field: "shareToken", reason: "a share token is 32 lowercase hexadecimal characters")
        }
        return text
    }

    /// `250`, `236.59`: millilitres as stored in text, without a trailing `.0`.
    public static func millilitreText(_ value: Double) -> String {
        if abs(value) < 1e15, let whole = Int(exactly: value) { return String(whole) }
        return String(value)
    }
}
