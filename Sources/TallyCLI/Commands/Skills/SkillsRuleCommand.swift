import ArgumentParser
import Foundation
import TallyCore
import TallyServices

struct SkillsRuleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rule",
        abstract: "Show, set or remove the rule that completes a skill from what you logged.",
        discussion: """
            With no condition, shows the skill's rule. A day you set by hand (tally skills done) is never \
            changed by a rule.
              tally skills rule Hydrate --water 2000ml
              tally skills rule Hydrate --water goal
              tally skills rule Journal --journal --mood good --any
              tally skills rule "Sleep well" --night-at-most 1
              tally skills rule Evening --after Stretch --after Read --at-least 1 --partial
            """)

    @Argument(help: "The skill's name or id.") var skill: String
    @Option(help: "Water to reach on the day: an amount (2000ml, 2 l, 64oz; a bare number in your unit) or goal.")
    var water: String?
    @Flag(help: "The journal has an entry for the day.") var journal = false
    @Option(help: "The day's mood is at least this: 1 (awful) to 5 (great), or its name.") var mood: String?
    @Option(name: .customLong("night-at-most"), help: "At most this many bathroom visits in the night before.")
    var nightAtMost: String?
    @Option(help: "Another skill done on the day (repeatable).") var after: [String] = []
    @Flag(help: "Done when any condition holds (default: all).") var any = false
    @Option(name: .customLong("at-least"), help: "Done when at least this many conditions hold.") var atLeast: String?
    @Flag(help: "Partly done while some, but not enough, conditions hold.") var partial = false
    @Flag(help: "Remove the rule (the completions it made stay).") var remove = false
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    var draft: SkillRuleDraft {
        SkillRuleDraft(
            water: water, journal: journal, mood: mood, nightBathroomAtMost: nightAtMost, afterSkills: after,
            combine: any ? "any" : atLeast, partial: partial)
    }

    var setsRule: Bool { draft != SkillRuleDraft(partial: partial) || any || atLeast != nil }

    func run() async throws {
        if any && atLeast != nil {
            throw TallyError.invalid(field: "--any", reason: "give --any or --at-least, not both")
        }
        let scope = try await store.scope()
        let found = try await scope.skills.find(skill)
        if remove {
            guard !setsRule else {
                throw TallyError.invalid(field: "--remove", reason: "--remove takes no conditions")
            }
            try await scope.skillRules.remove(for: found.id)
            return print("Removed the rule of \(found.name)")
        }
        let rule =
            setsRule
            ? try await scope.skillRules.set(draft, for: found.id) : try await scope.skillRules.rule(for: found.id)
        let unit = try await scope.now().settings.water.unit
        let names = Dictionary(try await scope.skills.all().map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        if json { return try Output.json(SkillRuleJSON(skill: found, rule: rule, unit: unit, names: names)) }
        guard let rule else { return print("\(found.name) has no rule.") }
        print("\(found.name) is done when \(rule.text(unit: unit, skillNames: names)).")
    }
}

/// A skill's rule in `--json` output: `rule` is null when the skill has none.
struct SkillRuleJSON: Encodable {
    let skillId: String
    let skill: String
    let rule: Rule?

    struct Rule: Encodable {
        let conditions: [SkillCondition]
        let combine: String
        let partial: Bool
        let description: String
    }

    private enum CodingKeys: String, CodingKey { case skillId, skill, rule }

    /// `rule` is written as null when there is none, so a script finds the key either way.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(skillId, forKey: .skillId)
        try container.encode(skill, forKey: .skill)
        try container.encode(rule, forKey: .rule)
    }

    init(skill: Skill, rule: SkillRule?, unit: VolumeUnit, names: [UUID: String]) {
        skillId = skill.id.text
        self.skill = skill.name
        self.rule = rule.map {
            Rule(
                conditions: $0.conditions, combine: SkillRuleDraft($0, unit: unit).combine ?? "all",
                partial: $0.partial, description: $0.text(unit: unit, skillNames: names))
        }
    }
}
