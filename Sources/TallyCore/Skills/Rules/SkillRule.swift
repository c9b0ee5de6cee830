import Foundation

/// A rule that completes a skill from what was logged on its day (issue 53): its conditions, how they
/// combine, and whether part of them makes the task partly done. One per skill (its natural key); removing
/// it is its tombstone. A completion the rule makes is an ordinary ``SkillCompletion`` marked with its
/// source, so every replica shows the same; a completion set by hand is never changed by the rule.
public struct SkillRule: Hashable, Codable, Sendable {
    public var meta: RecordMeta
    public var skillID: UUID
    public var conditions: [SkillCondition]
    public var combination: Combination
    /// Whether the task is partly done while some, but not enough, conditions hold.
    public var partial: Bool

    /// How the conditions combine.
    public enum Combination: Hashable, Sendable, Codable {
        case all
        case any
        case atLeast(Int)

        private enum CodingKeys: String, CodingKey { case type, count }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            switch try container.decode(String.self, forKey: .type) {
            case "all": self = .all
            case "any": self = .any
            case "atLeast": self = .atLeast(try container.decode(Int.self, forKey: .count))
            case let other:
                throw DecodingError.dataCorruptedError(
                    forKey: .type, in: container, debugDescription: "'\(other)' is not a way to combine conditions")
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .all: try container.encode("all", forKey: .type)
            case .any: try container.encode("any", forKey: .type)
            case .atLeast(let count):
                try container.encode("atLeast", forKey: .type)
                try container.encode(count, forKey: .count)
            }
        }

        /// How many of `total` conditions must hold for the task to be done.
        func needed(of total: Int) -> Int {
            switch self {
            case .all: total
            case .any: 1
            case .atLeast(let count): count
            }
        }
    }

    public init(
        meta: RecordMeta, skillID: UUID, conditions: [SkillCondition], combination: Combination = .all,
        partial: Bool = false
    ) {
        self.meta = meta
        self.skillID = skillID
        self.conditions = conditions
        self.combination = combination
        self.partial = partial
    }

    public static let maxConditions = 10

    /// One to ``maxConditions`` conditions, each valid, none naming the rule's own skill, and an
    /// "at least N" that some day could meet.
    public func validatedFields() throws(TallyError) -> SkillRule {
        guard !conditions.isEmpty else {
            throw .invalid(field: "rule", reason: "a rule needs at least one condition")
        }
        guard conditions.count <= Self.maxConditions else {
            throw .invalid(field: "rule", reason: "a rule has at most \(Self.maxConditions) conditions")
        }
        var rule = self
        rule.conditions = try conditions.map { condition throws(TallyError) in try condition.validated() }
        if rule.conditions.contains(.skillDone(skillID)) {
            throw .invalid(field: "skill", reason: "a skill's rule cannot wait for the skill itself")
        }
        if case .atLeast(let count) = combination, !(1...conditions.count).contains(count) {
            throw .invalid(
                field: "atLeast",
                reason: "'at least \(count)' must be 1 to \(conditions.count), the number of conditions")
        }
        return rule
    }
}

extension SkillRule: SyncedRecord {
    public static let kind = RecordKind(
        id: "skill rule", name: "skill rule", backupKey: "skillRules", hasNaturalKey: true)
    public var naturalKey: String? { skillID.text }

    public func validated(in batch: RecordBatch) throws(TallyError) -> SkillRule {
        meta.isDeleted ? self : try validatedFields()
    }

    public static func backupOrder(_ lhs: SkillRule, _ rhs: SkillRule) -> Bool {
        (lhs.skillID, lhs.meta.id) < (rhs.skillID, rhs.meta.id)
    }
}

extension SkillRule {
    /// The rule in words: "water at least 2,000 ml and a journal entry".
    public func text(unit: VolumeUnit, skillNames: [UUID: String] = [:]) -> String {
        let parts = conditions.map { $0.text(unit: unit, skillNames: skillNames) }
        let joined =
            switch combination {
            case .all: parts.joined(separator: " and ")
            case .any: parts.joined(separator: " or ")
            case .atLeast(let count) where count == parts.count: parts.joined(separator: " and ")
            case .atLeast(let count): "at least \(count) of: " + parts.joined(separator: ", ")
            }
        return partial && parts.count > 1 ? joined + " (partly done while some hold)" : joined
    }
}
