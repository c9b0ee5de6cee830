import Foundation
import TallyCore

/// The water settings as the page, the API or the CLI change them: each field nil to keep what is stored.
/// ``WaterService/apply(_:)`` reads and checks all of it before it stores any of it.
public struct WaterSettingsDraft: Sendable {
    public typealias Amount = WaterEntryDraft.Amount

    public var unit: VolumeUnit?
    /// The quick-add presets in order, 2 to 4, as slots: an empty slot (nil) is left out. A typed one is
    /// read in the unit the settings were shown in (the stored one, before any change of unit), and one
    /// typed as the stored preset of its slot is shown keeps that amount.
    public var presets: [Amount?]?
    /// Moves the preset at this index (from 1) up one place, once they are read: the page's arrow.
    public var movePresetUp: Int?
    /// The custom amount's step, typed in millilitres.
    public var step: Amount?
    public var goal: Amount?
    /// The weekly and monthly goals: a period left out keeps its goal; nil takes it away.
    public var periodGoals: [WaterPeriod: Amount?]
    public var sharing: Bool?
    /// What errors call the daily goal and the period goals (the CLI names its argument and options).
    public var goalField = "goal"
    public var periodGoalFields: [WaterPeriod: String] = [.week: "weekly goal", .month: "monthly goal"]

    public init(
        unit: VolumeUnit? = nil, presets: [Amount?]? = nil, movePresetUp: Int? = nil, step: Amount? = nil,
        goal: Amount? = nil, periodGoals: [WaterPeriod: Amount?] = [:], sharing: Bool? = nil
    ) {
        self.unit = unit
        self.presets = presets
        self.movePresetUp = movePresetUp
        self.step = step
        self.goal = goal
        self.periodGoals = periodGoals
        self.sharing = sharing
    }

    /// An amount in millilitres: given so, or typed in `unit`, where text as `stored` is shown keeps it.
    static func millilitres(
        _ amount: Amount, stored: Double?, unit: VolumeUnit, field: String
    ) throws(TallyError) -> Double {
        switch amount {
        case .millilitres(let value): value
        case .typed(let text): try WaterAmounts.edited(text, stored: stored, unit: unit, field: field)
        }
    }
}
