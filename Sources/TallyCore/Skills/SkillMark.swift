import Foundation

/// What progress views need of a completion: the skill, the day and the level. Cheap to read for years.
public struct SkillMark: Hashable, Sendable {
    public let skillID: UUID
    public let day: LocalDay
    public let level: CompletionLevel

    public init(skillID: UUID, day: LocalDay, level: CompletionLevel) {
        self.skillID = skillID
        self.day = day
        self.level = level
    }
}

extension SkillCompletion {
    public var mark: SkillMark { SkillMark(skillID: skillID, day: day, level: level) }
}
