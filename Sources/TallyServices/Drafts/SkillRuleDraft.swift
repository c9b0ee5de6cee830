import Foundation
import TallyCore

/// A skill's rule as a person gives it, from the skill's rule form, `PUT /api/v1/skills/{id}/rule` or
/// `tally skills rule`: each condition as typed, read and checked in one place.
public struct SkillRuleDraft: Sendable, Hashable {
    /// Water to reach: an amount as typed in the person's unit ("2000", "2 l", "64oz"), or `goal`.
    public var water: String?
    /// A journal entry for the day.
    public var journal: Bool
    /// A mood at least this good: 1 (awful) to 5 (great), or its name.
    public var mood: String?
    /// At most this many bathroom visits in the night before.
    public var nightBathroomAtMost: String?
    /// Other skills done on the day, by name or id.
    public var afterSkills: [String]
    /// `all` (the default), `any`, or a number: at least that many conditions.
    public var combine: String?
    /// Partly done while some, but not enough, conditions hold.
    public var partial: Bool

    public init(
        water: String? = nil, journal: Bool = false, mood: String? = nil, nightBathroomAtMost: String? = nil,
        afterSkills: [String] = [], combine: String? = nil, partial: Bool = false
    ) {
        self.water = water
        self.journal = journal
        self.mood = mood
        self.nightBathroomAtMost = nightBathroomAtMost
        self.afterSkills = afterSkills
        self.combine = combine
        self.partial = partial
    }

    /// The draft of a stored rule, as the form shows it, so that saving it unchanged gives the same rule.
    public init(_ rule: SkillRule, unit: VolumeUnit) {
        self.init(partial: rule.partial)
        for condition in rule.conditions {
            switch condition {
            case .waterAtLeast(let ml): water = WaterAmounts.formText(ml, unit: unit)
            case .waterGoal: water = "goal"
            case .journalEntry: journal = true
            case .moodAtLeast(let rating): mood = String(rating)
            case .nightBathroomAtMost(let count): nightBathroomAtMost = String(count)
            case .skillDone(let id): afterSkills.append(id.text)
            }
        }
        combine =
            switch rule.combination {
            case .all: "all"
            case .any: "any"
            case .atLeast(let count): String(count)
            }
    }

    /// The rule for `skillID`, with `others` the ids the draft's other skills resolved to; its meta is
    /// left for the service to set. An amount left as the form showed `stored`'s keeps its millilitres
    /// exactly (2,000 ml shown as 67.6 oz would otherwise come back as 1,999.1 ml).
    public func rule(
        for skillID: UUID, after others: [UUID], unit: VolumeUnit, meta: RecordMeta, stored: SkillRule? = nil
    ) throws(TallyError) -> SkillRule {
        var conditions: [SkillCondition] = []
        if let water = Self.given(water) {
            let storedML = stored?.conditions.lazy.compactMap { condition -> Double? in
                if case .waterAtLeast(let ml) = condition { return ml }
                return nil
            }.first
            conditions.append(
                water.lowercased() == "goal"
                    ? .waterGoal
                    : .waterAtLeast(ml: try WaterAmounts.edited(water, stored: storedML, unit: unit, field: "water")))
        }
        if journal { conditions.append(.journalEntry) }
        if let mood = Self.given(mood) { conditions.append(.moodAtLeast(try Self.mood(mood))) }
        if let night = Self.given(nightBathroomAtMost) {
            guard let count = Int(night) else {
                throw .invalid(field: "night", reason: "'\(night)' is not a number of bathroom visits")
            }
            conditions.append(.nightBathroomAtMost(count))
        }
        conditions += others.map(SkillCondition.skillDone)
        let rule = SkillRule(
            meta: meta, skillID: skillID, conditions: conditions, combination: try Self.combination(combine),
            partial: partial)
        return try rule.validatedFields()
    }

    private static func given(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespaces), !trimmed.isEmpty else { return nil }
        return trimmed
    }

    private static func mood(_ text: String) throws(TallyError) -> Int {
        if let rating = Int(text), Mood(rating: rating) != nil { return rating }
        if let mood = Mood.allCases.first(where: { $0.name.lowercased() == text.lowercased() }) { return mood.rating }
        throw .invalid(field: "mood", reason: "'\(text)' is not a mood: use 1 (awful) to 5 (great), or its name")
    }

    private static func combination(_ text: String?) throws(TallyError) -> SkillRule.Combination {
        guard let text = given(text)?.lowercased() else { return .all }
        switch text {
        case "all": return .all
        case "any": return .any
        default:
            let number =
                text.hasPrefix("at least") ? String(text.dropFirst(8)).trimmingCharacters(in: .whitespaces) : text
            guard let count = Int(number) else {
                throw .invalid(field: "combine", reason: "'\(text)' is not all, any or a number of conditions")
            }
            return .atLeast(count)
        }
    }
}
