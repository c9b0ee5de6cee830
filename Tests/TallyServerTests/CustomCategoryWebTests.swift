import Foundation
import Hummingbird
import HummingbirdTesting
import TallyCore
import TallyServices
import Testing

/// "Custom Category" (seed 004's eighth) asks for a name: the skill goes into the person's category of that
/// name, made when there is none; without a name the form says so; a skill kept in it saves unchanged.
@Suite struct CustomCategoryWebTests {
    @Test func theCustomCategoryIsNamedNotStoredAsCustomCategory() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let unnamed = try await client.form("/skills", ["name": "Guitar", "category": "custom", "freq": "daily"])
            #expect(unnamed.status == .badRequest)
            #expect(WebTests.banner(unnamed.text) == "Custom Category: give it a name")
            #expect(try await fixture.scope.skills.all().isEmpty)

            let named = try await client.form(
                "/skills", ["name": "Guitar", "category": "custom", "customCategory": "Music", "freq": "daily"])
            #expect(named.status == .seeOther || named.status == .found, "\(named.status)")
            let second = try await client.form(
                "/skills", ["name": "Piano", "category": "custom", "customCategory": "music", "freq": "daily"])
            #expect(second.status == .seeOther || second.status == .found)
            let categories = try await fixture.scope.skills.categories()
            let music = try categories.resolve("Music")
            #expect(music.isCustom && categories.entries.filter(\.isCustom).count == 1, "one Music, made once")
            let skills = try await fixture.scope.skills.all()
            #expect(skills.map(\.fields.category) == [music.key, music.key])
        }
    }

    @Test func aSkillLeftInCustomCategorySavesUnchanged() async throws {
        let fixture = try ServerFixture()
        // Stored by an earlier version as "Custom Category" itself: it shows so, and a save without a name
        // keeps it where it is.
        var skill = try await fixture.scope.skills.add(.init(name: "Kept"))
        skill.fields.category = PredefinedSkillCategory.custom.rawValue
        _ = try await fixture.scope.store.write(skill, now: ServerFixture.now)
        let kept = try await fixture.scope.skills.update(id: skill.id, SkillDraft(skill))
        #expect(kept.fields.category == PredefinedSkillCategory.custom.rawValue)
    }
}
