import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// `/skills/{id}/rule`: the rule that completes a skill from what was logged on its day (water, the
/// journal, the night's bathroom visits, other skills), through ``SkillRuleDraft`` as the API and the CLI.
struct SkillRulePage {
    let scope: UserScope
    let templates: PageTemplates

    struct Option {
        let value: String
        let label: String
        let selected: Bool
    }

    struct Other {
        let field: String
        let name: String
        let checked: Bool
    }

    struct View {
        let title = "Complete automatically"
        let skill: String
        let skillID: String
        let current: String?
        let unit: String
        var water: String
        var journal: Bool
        var moods: [Option]
        var night: String
        var others: [Other]
        var combines: [Option]
        var atLeast: String
        var partial: Bool
        var error: String?
    }

    func page(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let skill = try await scope.skills.skill(id: try SkillsFormPage.id(context))
        let unit = try await scope.now().settings.water.unit
        let rule = try await scope.skillRules.rule(for: skill.id)
        let draft = rule.map { SkillRuleDraft($0, unit: unit) } ?? SkillRuleDraft()
        return HTML.response(templates.render(try await view(skill, draft: draft, rule: rule, error: nil), .skillRule))
    }

    func save(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let skill = try await scope.skills.skill(id: try SkillsFormPage.id(context))
        let form = try await FormBody(request: request)
        let skills = try await scope.skills.all()
        let combine = form["combine"] == "atLeast" ? form.text("atLeast") ?? "" : form["combine"]
        let draft = SkillRuleDraft(
            water: form.text("water"), journal: form["journal"] == "on", mood: form.text("mood"),
            nightBathroomAtMost: form.text("night"),
            afterSkills: skills.filter { form["after-\($0.id.text)"] == "on" }.map(\.id.text), combine: combine,
            partial: form["partial"] == "on")
        do {
            try await scope.skillRules.set(draft, for: skill.id)
            return HTML.redirect(to: "/skills/all")
        } catch let error as TallyError {
            let rule = try await scope.skillRules.rule(for: skill.id)
            var view = try await view(skill, draft: draft, rule: rule, error: FormMessage.text(error))
            view.atLeast = form["atLeast"] ?? view.atLeast
            return HTML.response(templates.render(view, .skillRule), status: .badRequest)
        }
    }

    func remove(_ request: Request, _ context: SignedInContext) async throws -> Response {
        try await scope.skillRules.remove(for: try SkillsFormPage.id(context))
        return HTML.redirect(to: "/skills/all")
    }

    private func view(_ skill: Skill, draft: SkillRuleDraft, rule: SkillRule?, error: String?) async throws -> View {
        let unit = try await scope.now().settings.water.unit
        let skills = try await scope.skills.all()
        let names = Dictionary(skills.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let after = Set(draft.afterSkills)
        let combine = draft.combine ?? "all"
        let isCount = Int(combine) != nil
        return View(
            skill: skill.name, skillID: skill.id.text, current: rule.map { $0.text(unit: unit, skillNames: names) },
            unit: unit.symbol, water: draft.water ?? "", journal: draft.journal,
            moods: [Option(value: "", label: "Any or none", selected: draft.mood == nil)]
                + Mood.allCases.reversed().map {
                    Option(
                        value: String($0.rating), label: "\($0.name) or better",
                        selected: draft.mood == String($0.rating))
                },
            night: draft.nightBathroomAtMost ?? "",
            others: skills.filter { $0.id != skill.id && !$0.meta.isDeleted }.map {
                Other(field: "after-\($0.id.text)", name: $0.name, checked: after.contains($0.id.text))
            },
            combines: [
                Option(value: "all", label: "All of them", selected: combine == "all"),
                Option(value: "any", label: "Any of them", selected: combine == "any"),
                Option(value: "atLeast", label: "At least…", selected: isCount),
            ],
            atLeast: isCount ? combine : "", partial: draft.partial, error: error)
    }
}
