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
        on(day, skill: skill, plan: SkillPlan(skill), track: track)
    }

    static func on(_ day: LocalDay, skill: Skill, plan: SkillPlan, track: SkillTrack) -> SkillTask? {
        let number = day.dayNumber
        guard !skill.meta.isDeleted, plan.start <= number else { return nil }
        let level = track.level(dayNumber: number)
        let due = SkillSchedule.isDue(plan, number, track)
        let carried = SkillSchedule.carriedFrom(plan, number, track)
        guard due || carried != nil || level != .none else { return nil }
        return SkillTask(
            skill: skill, day: day, level: level, isDue: due, carriedFrom: carried.map(LocalDay.init(dayNumber:)),
            counts: SkillSchedule.counts(plan, number, track))
    }
}
