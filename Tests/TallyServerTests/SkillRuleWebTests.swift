import Foundation
import Hummingbird
import HummingbirdTesting
import TallyCore
import TallyServices
import Testing

/// A skill's rule through the page and the API (issue 53, item 1): the same draft and messages, the task
/// saying "done by rule", and the rule's form saved untouched changing nothing.
@Suite struct SkillRuleWebTests {
    @Test func theAPISetsARuleAndTheDayShowsTheTaskDoneByIt() async throws {
        let fixture = try ServerFixture()
        let skill = try await fixture.scope.skills.add(SkillDraft(name: "Hydrate", frequency: "daily"))
        try await fixture.test { client in
            let set = try await client.json(
                .put, "/api/v1/skills/\(skill.id)/rule", #"{"water":"1 l","journal":true,"combine":"any"}"#)
            #expect(set.status == .ok, "\(set.text)")
            #expect(set.text.contains(#""description":"water at least 1,000 ml or a journal entry""#))
            let refused = try await client.json(.put, "/api/v1/skills/\(skill.id)/rule", #"{"mood":"9"}"#)
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains("'9' is not a mood: use 1 (awful) to 5 (great), or its name"))
            _ = try await client.json(.post, "/api/v1/water/entries", #"{"amountMl":1100}"#)
            let day = try await client.json(.get, "/api/v1/skills/day")
            #expect(day.text.contains(#""ruleDetail":"1,100 ml""#), "\(day.text)")
            let page = try await client.execute(uri: "/skills", method: .get)
            #expect(page.text.contains("done by rule: 1,100 ml"))
            // Ticked by hand, the task is the person's: the note goes.
            _ = try await client.json(.post, "/api/v1/skills/\(skill.id)/completions", #"{"level":"full"}"#)
            #expect(!(try await client.json(.get, "/api/v1/skills/day")).text.contains("ruleDetail"))
            let removed = try await client.json(.delete, "/api/v1/skills/\(skill.id)/rule")
            #expect(removed.status == .noContent)
            #expect(try await client.json(.get, "/api/v1/skills/\(skill.id)/rule").status == .notFound)
        }
    }

    static let shapes = [
        SkillRuleDraft(water: "2000ml"), SkillRuleDraft(water: "goal", journal: true, mood: "4", partial: true),
        SkillRuleDraft(nightBathroomAtMost: "1", afterSkills: ["Stretch"], combine: "any"),
        SkillRuleDraft(water: "250ml", journal: true, mood: "2", combine: "2"),
    ]

    /// Every shape the form shows, with water shown in ml and in oz (2,000 ml is 67.6 oz on the form, which
    /// read back as ounces would be 1,999.1 ml).
    @Test(arguments: SkillRuleWebTests.shapes, ["ml", "oz"])
    func theRuleFormSavedUnchangedChangesNothing(_ draft: SkillRuleDraft, _ unit: String) async throws {
        let fixture = try ServerFixture()
        _ = try await fixture.scope.settings.update([.waterUnit: unit])
        let skill = try await fixture.scope.skills.add(SkillDraft(name: "Hydrate", frequency: "daily"))
        _ = try await fixture.scope.skills.add(SkillDraft(name: "Stretch", frequency: "daily"))
        let rule = try await fixture.scope.skillRules.set(draft, for: skill.id)
        let before = try await fixture.snapshot()
        try await fixture.test { client in
            let page = try await client.execute(uri: "/skills/\(skill.id)/rule", method: .get)
            #expect(page.status == .ok)
            #expect(page.text.contains("Other skills done that day"), "Stretch is offered")
            let fields = try #require(FormScraper.fields(of: page.text, action: "/skills/\(skill.id)/rule"))
            let saved = try await client.form("/skills/\(skill.id)/rule", fields)
            #expect(saved.status == .seeOther, "\(WebTests.banner(saved.text) ?? saved.text)")
        }
        #expect(try await fixture.scope.skillRules.rule(for: skill.id) == rule)
        #expect(try await fixture.snapshot() == before, "an unchanged save writes nothing")
    }

    @Test func theFormShowsARefusalInWordsAndStoresNothing() async throws {
        let fixture = try ServerFixture()
        let skill = try await fixture.scope.skills.add(SkillDraft(name: "Hydrate", frequency: "daily"))
        try await fixture.test { client in
            let page = try await client.execute(uri: "/skills/\(skill.id)/rule", method: .get)
            var fields = try #require(FormScraper.fields(of: page.text, action: "/skills/\(skill.id)/rule"))
            fields["water"] = "lots"
            let refused = try await client.form("/skills/\(skill.id)/rule", fields)
            #expect(refused.status == .badRequest)
            #expect(WebTests.banner(refused.text)?.contains("'lots' is not an amount") == true)
            fields["water"] = "1.5 l"
            let saved = try await client.form("/skills/\(skill.id)/rule", fields)
            #expect(saved.status == .seeOther)
        }
        let rule = try #require(try await fixture.scope.skillRules.rule(for: skill.id))
        #expect(rule.conditions == [.waterAtLeast(ml: 1_500)])
    }
}
