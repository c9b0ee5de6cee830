import Foundation
import TallyCore

/// A memorable moment as the page, the API or the CLI gives it: the day defaults to today, and the skill
/// it is about is named by its name or its id alike (``SkillsService/find(_:)``).
public struct MomentDraft: Sendable {
    public var title: String
    /// Blank is none.
    public var details: String?
    public var day: LocalDay?
    public var category: MomentCategory
    /// A skill's name or id; blank is none.
    public var skill: String?

    public init(
        title: String, details: String? = nil, day: LocalDay? = nil, category: MomentCategory, skill: String? = nil
    ) {
        self.title = title
        self.details = details
        self.day = day
        self.category = category
        self.skill = skill
    }

    /// The details with a blank one as none.
    var givenDetails: String? {
        details.flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
    }

    /// The skill's text with a blank one as none.
    var givenSkill: String? {
        skill.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
    }
}
