/// The rules for which days a skill's task is shown (US-004, US-006).
///
/// - Due: inside its time frame and not archived, and by frequency: every day; on its weekdays; every
///   N days counted from the start day; on its days of the month (a day a month lacks falls on its last
///   day); or, for N times a week (or a month), on each day of the Monday-first week (the calendar month)
///   until it has been done in full N times in it (the day it is done the Nth time still shows it).
///   This one answer is what the Today list, the skills page, the week view and the history show.
/// - Counted (statistics): a day something was done on, or a due day; but an N-times-a-week (or -month)
///   skill may be done on any day of its period, so its shortfall (N less the days done) is counted on
///   the period's last undone days, the ones after which the quota could no longer be met. A period in
///   progress misses nothing while enough days are left; a day shown but not counted reads as such, never
///   "no tasks".
/// - Carried (rollover): for a skill with rollover on, its most recent due day within the last
///   ``maxCarryDays`` days whose task was not done in full carries forward to each later day, until the
///   skill is done in full on some day after it. It is worked out from the completions every time, so
///   it is the same however often and on however many devices it is "processed", never makes a second
///   copy, and a carry older than ``maxCarryDays`` simply stops (that is the clean-up).
public enum SkillSchedule {
    public static let maxCarryDays = 7

    public static func isDue(_ skill: Skill, on day: LocalDay, track: SkillTrack) -> Bool {
        isDue(SkillPlan(skill), day.dayNumber, track)
    }

    /// Whether `day` counts for `skill` in statistics: something was done on it, or it was due. An
    /// undone day of an N-times-a-week skill counts only when too few days are left after it to meet the
    /// quota: in a 3-times-a-week skill's week done on Wednesday alone, Saturday and Sunday count as missed
    /// and the rest of the week does not, so meeting the quota on any three days is 100%.
    public static func counts(_ skill: Skill, on day: LocalDay, track: SkillTrack) -> Bool {
        counts(SkillPlan(skill), day.dayNumber, track)
    }

    /// The earlier due day whose unfinished task is shown on `day`, or nil.
    public static func carriedFrom(_ skill: Skill, on day: LocalDay, track: SkillTrack) -> LocalDay? {
        carriedFrom(SkillPlan(skill), day.dayNumber, track).map(LocalDay.init(dayNumber:))
    }

    static func isDue(_ plan: SkillPlan, _ day: Int, _ track: SkillTrack) -> Bool {
        guard plan.isActive(day) else { return false }
        switch plan.frequency {
        case .daily:
            return true
        case .weekdays:
            return plan.weekdays & (UInt8(1) << UInt8(SkillPlan.isoWeekday(day))) != 0
        case .everyDays(let n):
            return (day - plan.start) % n == 0
        case .monthDays:
            return plan.isMonthDay(day)
        case .timesPerWeek(let n), .timesPerMonth(let n):
            let periodStart = max(plan.quotaPeriod(day).first, plan.start)
            var done = 0
            for earlier in stride(from: periodStart, to: day, by: 1) where track.level(dayNumber: earlier) == .full {
                done += 1
            }
            return done < n
        }
    }

    static func counts(_ plan: SkillPlan, _ day: Int, _ track: SkillTrack) -> Bool {
        if track.level(dayNumber: day) != .none { return true }
        guard isDue(plan, day, track) else { return false }
        let n: Int
        switch plan.frequency {
        case .timesPerWeek(let times), .timesPerMonth(let times): n = times
        case .daily, .weekdays, .everyDays, .monthDays: return true
        }
        let period = plan.quotaPeriod(day)
        // The days of the week or month done in any part, and the undone days left after this one (days
        // to come included: a period in progress can still be made).
        var done = 0
        var undoneAfter = 0
        for other in max(period.first, plan.start)..<period.end where plan.isActive(other) {
            if track.level(dayNumber: other) != .none {
                done += 1
            } else if other > day {
                undoneAfter += 1
            }
        }
        return undoneAfter < n - done
    }

    static func carriedFrom(_ plan: SkillPlan, _ day: Int, _ track: SkillTrack) -> Int? {
        guard plan.rollover, plan.isActive(day) else { return nil }
        // An N-times-a-week or -a-month skill already stays on the list every day until done; nothing to
        // carry.
        switch plan.frequency {
        case .timesPerWeek, .timesPerMonth: return nil
        case .daily, .weekdays, .everyDays, .monthDays: break
        }
        for back in 1...maxCarryDays {
            let earlier = day - back
            if earlier < plan.start { return nil }
            if track.level(dayNumber: earlier) == .full { return nil }
            if isDue(plan, earlier, track) { return earlier }
        }
        return nil
    }
}
