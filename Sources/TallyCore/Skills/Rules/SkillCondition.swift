import Foundation

/// One thing a skill's rule asks of the day (seed 004 skills, with seeds 000-003's trackers): water reaching
/// an amount or the day's goal, a journal entry (or a mood at least so good), few bathroom visits in the
/// night before the day, or another skill done.
public enum SkillCondition: Hashable, Sendable {
    /// The day's water reaches this many millilitres.
    case waterAtLeast(ml: Double)
    /// The day's water reaches the day's goal.
    case waterGoal
    /// The journal has an entry for the day.
    case journalEntry
    /// The journal's mood for the day is at least this (1 awful ... 5 great).
    case moodAtLeast(Int)
    /// At most this many bathroom visits in the night before the day (bedtime to wake time); decided once
    /// the person's wake time on the day has passed.
    case nightBathroomAtMost(Int)
    /// Another skill is done in full on the day.
    case skillDone(UUID)

    /// What the condition asks, in the person's words.
    public func text(unit: VolumeUnit, skillNames: [UUID: String]) -> String {
        switch self {
        case .waterAtLeast(let ml): "water at least \(unit.format(ml))"
        case .waterGoal: "water reaches the day's goal"
        case .journalEntry: "a journal entry"
        case .moodAtLeast(let rating): "a mood of \(Mood(rating: rating)?.name.lowercased() ?? "\(rating)") or better"
        case .nightBathroomAtMost(let count):
            "at most \(count) bathroom \(count == 1 ? "visit" : "visits") in the night"
        case .skillDone(let id): "\(skillNames[id] ?? "another skill") done"
        }
    }

    /// Checks the numbers a person can type.
    public func validated() throws(TallyError) -> SkillCondition {
        switch self {
        case .waterAtLeast(let ml):
            guard ml.isFinite, ml > 0, ml <= WaterAmounts.maxGoalML else {
                throw .invalid(field: "water", reason: "the water amount must be more than 0 and at most 20 litres")
            }
        case .moodAtLeast(let rating):
            guard Mood(rating: rating) != nil else {
                throw .invalid(field: "mood", reason: "'\(rating)' is not a mood: use 1 (awful) to 5 (great)")
            }
        case .nightBathroomAtMost(let count):
            guard (0...50).contains(count) else {
                throw .invalid(field: "night", reason: "the night's bathroom visits must be 0 to 50")
            }
        case .waterGoal, .journalEntry, .skillDone: break
        }
        return self
    }
}

extension SkillCondition: Codable {
    private enum CodingKeys: String, CodingKey { case type, ml, rating, count, skillId }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .type) {
        case "water": self = .waterAtLeast(ml: try container.decode(Double.self, forKey: .ml))
        case "waterGoal": self = .waterGoal
        case "journal": self = .journalEntry
        case "mood": self = .moodAtLeast(try container.decode(Int.self, forKey: .rating))
        case "nightBathroom": self = .nightBathroomAtMost(try container.decode(Int.self, forKey: .count))
        case "skill": self = .skillDone(try container.decode(UUID.self, forKey: .skillId))
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "'\(other)' is not a rule condition")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .waterAtLeast(let ml):
            try container.encode("water", forKey: .type)
            try container.encode(ml, forKey: .ml)
        case .waterGoal: try container.encode("waterGoal", forKey: .type)
        case .journalEntry: try container.encode("journal", forKey: .type)
        case .moodAtLeast(let rating):
            try container.encode("mood", forKey: .type)
            try container.encode(rating, forKey: .rating)
        case .nightBathroomAtMost(let count):
            try container.encode("nightBathroom", forKey: .type)
            try container.encode(count, forKey: .count)
        case .skillDone(let id):
            try container.encode("skill", forKey: .type)
            try container.encode(id, forKey: .skillId)
        }
    }
}
