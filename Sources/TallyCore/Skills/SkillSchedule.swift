/// The rules for which days a skill's task is shown (US-004, US-006).
///
/// - Due: inside its time frame and not archived, and by frequency: every day; on its weekdays; every
///   N days counted from the start day; or, for N times a week, on each day of the Monday-first week
///   until it has been done in full N times that week (the day it is done the Nth time still shows it).
/// - Carried (rollover): for a skill with rollover on, its most recent due day within the last
///   ``maxCarryDays`` days whose task was not done in full carries forward to each later day, until the
///   skill is done in full on some day after it. It is worked out from the completions every time, so
///   it is the same however often and on however many devices it is "processed", never makes a second
///   copy, and a carry older than ``maxCarryDays`` simply stops (that is the clean-up).
public enum SkillSchedule {
    public static let maxCarryDays = 7

    public static func isDue(_ skill: Skill, on day: LocalDay, track: SkillTrack) -> Bool {
        guard skill.isActive(on: day) else { return false }
        switch skill.fields.frequency {
        case .daily:
            return true
        case .weekdays(let days):
            return days.contains(day.isoWeekday)
        case .everyDays(let n):
            return skill.fields.startDay.days(to: day) % n == 0
        case .timesPerWeek(let n):
            let dayNumber = day.dayNumber
            let weekStart = max(dayNumber - (day.isoWeekday - 1), skill.fields.startDay.dayNumber)
            var done = 0
            for earlier in stride(from: weekStart, to: dayNumber, by: 1)
            where track.level(dayNumber: earlier) == .full {
                done += 1
            }
            return done < n
        }
    }

    /// Whether `day` counts for `skill` in statistics: something was done on it, or it was due. An
    /// undone day of an N-times-a-week skill counts only while the week still lacks done days: in a
    /// 3-times-a-week skill's week done on Wednesday alone, Monday and Tuesday count as missed and the
    /// rest of the week does not, so meeting the quota on any three days is 100%.
    public static func counts(_ skill: Skill, on day: LocalDay, track: SkillTrack) -> Bool {
        if track.level(on: day) != .none { return true }
        guard isDue(skill, on: day, track: track) else { return false }
        guard case .timesPerWeek(let n) = skill.fields.frequency else { return true }
        let dayNumber = day.dayNumber
        let weekStart = dayNumber - (day.isoWeekday - 1)
        let first = max(weekStart, skill.fields.startDay.dayNumber)
        var done = 0
        var missedBefore = 0
        for other in first..<(weekStart + 7) {
            if track.level(dayNumber: other) != .none {
                done += 1
            } else if other < dayNumber && isDue(skill, on: LocalDay(dayNumber: other), track: track) {
                missedBefore += 1
            }
        }
        return missedBefore < n - done
    }

    /// The earlier due day whose unfinished task is shown on `day`, or nil.
    public static func carriedFrom(_ skill: Skill, on day: LocalDay, track: SkillTrack) -> LocalDay? {
        guard skill.fields.rollover, skill.isActive(on: day) else { return nil }
        // An N-times-a-week skill already stays on the list every day until done; nothing to carry.
        if case .timesPerWeek = skill.fields.frequency { return nil }
        let start = skill.fields.startDay
        for back in 1...maxCarryDays {
            let earlier = day.adding(days: -back)
            if earlier < start { return nil }
            if track.level(on: earlier) == .full { return nil }
            if isDue(skill, on: earlier, track: track) { return earlier }
        }
        return nil
    }
}
