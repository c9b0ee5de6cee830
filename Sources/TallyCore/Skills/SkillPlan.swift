/// A skill's schedule in day numbers, worked out once, so that the rules of ``SkillSchedule`` compare
/// integers when a view asks about hundreds of days.
struct SkillPlan: Sendable {
    let start: Int
    /// The last day the skill is active: the day before it was archived, or its end day.
    let last: Int
    let frequency: SkillFrequency
    let rollover: Bool
    /// Bit `n` set for ISO weekday `n` of a weekdays frequency.
    let weekdays: UInt8

    init(_ skill: Skill) {
        start = skill.fields.startDay.dayNumber
        var last = Int.max
        if let end = skill.fields.endDay { last = end.dayNumber }
        if let archived = skill.archivedOn { last = min(last, archived.dayNumber - 1) }
        self.last = last
        frequency = skill.fields.frequency
        rollover = skill.fields.rollover
        if case .weekdays(let days) = frequency {
            weekdays = days.reduce(0) { $0 | UInt8(1) << UInt8($1) }
        } else {
            weekdays = 0
        }
    }

    func isActive(_ day: Int) -> Bool { day >= start && day <= last }

    /// ISO weekday of a day number: 1 is Monday.
    static func isoWeekday(_ day: Int) -> Int {
        let n = (day + 3) % 7  // 1970-01-01 was a Thursday.
        return (n < 0 ? n + 7 : n) + 1
    }
}
