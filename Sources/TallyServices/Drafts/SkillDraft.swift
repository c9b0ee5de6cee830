import Foundation
import TallyCore

/// A skill as typed into a form, the CLI or the API: text where people type text, checked by
/// ``SkillsService`` in one place so every edge gives the same message.
public struct SkillDraft: Sendable {
    public var name: String
    /// A category key or name; nil for Personal Development.
    public var category: String?
    /// The name of the person's own category when ``category`` is "Custom Category" (`custom`): it is found
    /// by name, or made, and the skill goes in it.
    public var customCategory: String?
    /// ``SkillFrequency`` text; nil for daily.
    public var frequency: String?
    /// Nil for today.
    public var start: LocalDay?
    public var end: LocalDay?
    /// A challenge of this many days from the start.
    public var days: Int?
    public var targetAmount: Int?
    public var targetUnit: String?
    public var targetPeriod: SkillTarget.Period?
    public var rollover: Bool
    public var reviewReminder: Bool

    public init(
        name: String, category: String? = nil, customCategory: String? = nil, frequency: String? = nil,
        start: LocalDay? = nil, end: LocalDay? = nil,
        days: Int? = nil, targetAmount: Int? = nil, targetUnit: String? = nil,
        targetPeriod: SkillTarget.Period? = nil, rollover: Bool = false, reviewReminder: Bool = false
    ) {
        self.name = name
        self.category = category
        self.customCategory = customCategory
        self.frequency = frequency
        self.start = start
        self.end = end
        self.days = days
        self.targetAmount = targetAmount
        self.targetUnit = targetUnit
        self.targetPeriod = targetPeriod
        self.rollover = rollover
        self.reviewReminder = reviewReminder
    }

    /// The draft of an existing skill, to edit.
    public init(_ skill: Skill) {
        let fields = skill.fields
        self.init(
            name: fields.name, category: fields.category, frequency: fields.frequency.description,
            start: fields.startDay, end: fields.challengeDays == nil ? fields.endDay : nil, days: fields.challengeDays,
            targetAmount: fields.target?.amount, targetUnit: fields.target?.unit, targetPeriod: fields.target?.period,
            rollover: fields.rollover, reviewReminder: fields.reviewReminder)
    }

    /// The checked fields; `today` is the default start.
    func fields(today: LocalDay, categories: SkillCategories) throws(TallyError) -> SkillFields {
        let frequency = try SkillFrequency.parse(frequency ?? "daily")
        var target: SkillTarget?
        switch (targetAmount, targetUnit) {
        case (nil, nil): target = nil
        case (let amount?, let unit?): target = SkillTarget(amount: amount, unit: unit, period: targetPeriod ?? .day)
        case (nil, _): throw .invalid(field: "targetAmount", reason: "give an amount with the unit")
        case (_, nil): throw .invalid(field: "targetUnit", reason: "give a unit with the amount, such as minutes")
        }
        return try SkillFields(
            name: name, category: category ?? PredefinedSkillCategory.personalDevelopment.rawValue,
            frequency: frequency, startDay: start ?? today, endDay: end, challengeDays: days, target: target,
            rollover: rollover, reviewReminder: reviewReminder
        ).validated(categories: categories)
    }
}
