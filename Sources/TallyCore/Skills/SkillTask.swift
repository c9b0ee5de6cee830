import Foundation

/// A skill's task as a day's list shows it.
public struct SkillTask: Hashable, Sendable {
    public let skill: Skill
    public let day: LocalDay
    public let level: CompletionLevel
    /// Due on this day by its frequency (false for a task that is only carried, or done on a free day).
    public let isDue: Bool
    /// The earlier day an unfinished task rolled over from (shown with an arrow), or nil.
    public let carriedFrom: LocalDay?

    public var isRolledOver: Bool { carriedFrom != nil }

    /// Whether the day's statistics count it (see ``SkillSchedule/counts(_:on:track:)``). A carried
    /// task that stays undone does not count again; its own due day already counts the miss.
    public let counts: Bool

    /// The task of `skill` on `day`, or nil when the day does not show it.
    public static func on(_ day: LocalDay, skill: Skill, track: SkillTrack) -> SkillTask? {
        guard !skill.meta.isDeleted, skill.fields.startDay <= day else { return nil }
        let level = track.level(on: day)
        let due = SkillSchedule.isDue(skill, on: day, track: track)
        let carried = SkillSchedule.carriedFrom(skill, on: day, track: track)
        guard due || carried != nil || level != .none else { return nil }
        return SkillTask(
            skill: skill, day: day, level: level, isDue: due, carriedFrom: carried,
            counts: SkillSchedule.counts(skill, on: day, track: track))
    }
}
