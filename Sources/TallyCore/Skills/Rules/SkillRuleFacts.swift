import Foundation

/// What was logged on one day that a skill's rule can ask about, gathered by the service from each
/// tracker in the person's zone and day start.
public struct SkillRuleFacts: Hashable, Sendable {
    public var waterML: Double
    /// The day's water goal, or nil when none is set.
    public var waterGoalML: Double?
    public var journalWritten: Bool
    /// The journal's mood for the day (1 ... 5), or nil when none was chosen.
    public var mood: Int?
    /// Bathroom visits in the night before the day; nil until the person's wake time on the day has
    /// passed (the night is not over, so "at most N" cannot be decided yet).
    public var nightBathroomVisits: Int?
    /// Skills done in full on the day.
    public var doneSkills: Set<UUID>

    public init(
        waterML: Double = 0, waterGoalML: Double? = nil, journalWritten: Bool = false, mood: Int? = nil,
        nightBathroomVisits: Int? = nil, doneSkills: Set<UUID> = []
    ) {
        self.waterML = waterML
        self.waterGoalML = waterGoalML
        self.journalWritten = journalWritten
        self.mood = mood
        self.nightBathroomVisits = nightBathroomVisits
        self.doneSkills = doneSkills
    }

    /// Whether `condition` holds, and what was seen, for the task's note ("2,150 ml").
    func check(_ condition: SkillCondition, unit: VolumeUnit, skillNames: [UUID: String]) -> (holds: Bool, seen: String)
    {
        switch condition {
        case .waterAtLeast(let ml): (waterML >= ml, unit.format(waterML))
        case .waterGoal:
            (
                waterGoalML.map { waterML >= $0 } ?? false,
                waterGoalML.map { "\(unit.format(waterML)) of \(unit.format($0))" } ?? "no water goal set"
            )
        case .journalEntry: (journalWritten, journalWritten ? "journal written" : "no journal entry")
        case .moodAtLeast(let rating):
            (
                mood.map { $0 >= rating } ?? false,
                mood.flatMap(Mood.init(rating:)).map { "mood \($0.name.lowercased())" } ?? "no mood"
            )
        case .nightBathroomAtMost(let count):
            if let visits = nightBathroomVisits {
                (visits <= count, "\(visits) in the night")
            } else {
                (false, "the night is not over")
            }
        case .skillDone(let id):
            (
                doneSkills.contains(id),
                "\(skillNames[id] ?? "another skill") \(doneSkills.contains(id) ? "done" : "not done")"
            )
        }
    }
}

/// What a rule makes of a day: how much of the task is done, and what was seen, for the task's note.
public struct SkillRuleOutcome: Hashable, Sendable {
    public let level: CompletionLevel
    /// The conditions that hold, as seen ("2,150 ml; journal written"); what was seen of all of them when
    /// none holds.
    public let detail: String
}

extension SkillRule {
    /// The rule applied to a day's facts: done when enough conditions hold, partly done when some hold and
    /// the rule allows it, else not done.
    public func outcome(_ facts: SkillRuleFacts, unit: VolumeUnit, skillNames: [UUID: String] = [:]) -> SkillRuleOutcome
    {
        let checks = conditions.map { facts.check($0, unit: unit, skillNames: skillNames) }
        let holding = checks.filter(\.holds)
        let needed = combination.needed(of: conditions.count)
        let level: CompletionLevel =
            holding.count >= needed ? .full : (partial && !holding.isEmpty ? .partial : .none)
        let shown = holding.isEmpty ? checks : holding
        return SkillRuleOutcome(level: level, detail: shown.map(\.seen).joined(separator: "; "))
    }
}
