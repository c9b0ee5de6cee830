import Foundation
import TallyCore
import TallyServices

/// A skill's rule (`/skills/{id}/rule`), through ``SkillRuleDraft`` and ``SkillRuleService`` as the page
/// and the CLI use them.
extension TallyAPI {
    func getSkillRule(_ input: Operations.GetSkillRule.Input) async throws -> Operations.GetSkillRule.Output {
        let skill = try await scope.skills.skill(id: try APIValue.id(input.path.id, kind: "skill"))
        guard let rule = try await scope.skillRules.rule(for: skill.id) else {
            throw TallyError.notFound(kind: "rule", id: "for \(skill.name)")
        }
        return .ok(.init(body: .json(try await rendered(rule))))
    }

    func setSkillRule(_ input: Operations.SetSkillRule.Input) async throws -> Operations.SetSkillRule.Output {
        guard case .json(let body) = input.body else { throw TallyError.unreadable("send application/json") }
        let id = try APIValue.id(input.path.id, kind: "skill")
        let draft = SkillRuleDraft(
            water: body.water, journal: body.journal ?? false, mood: body.mood,
            nightBathroomAtMost: body.nightBathroomAtMost.map(String.init), afterSkills: body.afterSkills ?? [],
            combine: body.combine, partial: body.partial ?? false)
        let rule = try await scope.skillRules.set(draft, for: id)
        return .ok(.init(body: .json(try await rendered(rule))))
    }

    func deleteSkillRule(_ input: Operations.DeleteSkillRule.Input) async throws -> Operations.DeleteSkillRule.Output {
        try await scope.skillRules.remove(for: try APIValue.id(input.path.id, kind: "skill"))
        return .noContent(.init())
    }

    private func rendered(_ rule: SkillRule) async throws -> Components.Schemas.SkillRule {
        let unit = try await scope.now().settings.water.unit
        let names = Dictionary(try await scope.skills.all().map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        return .init(
            skillId: rule.skillID.text,
            conditions: rule.conditions.map { condition in
                switch condition {
                case .waterAtLeast(let ml): .init(_type: .water, ml: ml)
                case .waterGoal: .init(_type: .waterGoal)
                case .journalEntry: .init(_type: .journal)
                case .moodAtLeast(let rating): .init(_type: .mood, rating: rating)
                case .nightBathroomAtMost(let count): .init(_type: .nightBathroom, count: count)
                case .skillDone(let id): .init(_type: .skill, skillId: id.text)
                }
            },
            combine: SkillRuleDraft(rule, unit: unit).combine ?? "all", partial: rule.partial,
            description: rule.text(unit: unit, skillNames: names))
    }
}
