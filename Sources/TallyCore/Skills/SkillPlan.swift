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
    /// Bit `n` set for day `n` of the month of a month-days frequency.
    let monthDays: UInt32
    /// The highest day of ``monthDays`` (0 for none): in a month shorter than it, the last day is due.
    let lastMonthDay: Int

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
        if case .monthDays(let days) = frequency {
            monthDays = days.reduce(0) { $0 | UInt32(1) << UInt32($1) }
            lastMonthDay = days.max() ?? 0
        } else {
            (monthDays, lastMonthDay) = (0, 0)
        }
    }

    /// Whether `day` is one of a month-days frequency's days, or the last day of a month too short for
    /// one of them.
    func isMonthDay(_ day: Int) -> Bool {
        let date = LocalDay(dayNumber: day)
        if monthDays & (UInt32(1) << UInt32(date.day)) != 0 { return true }
        let length = LocalDay.daysIn(month: date.month, year: date.year)
        return date.day == length && lastMonthDay > length
    }

    /// The first day of the period an N-times frequency counts in (its week or month, not before the
    /// start), and the day after that period.
    func quotaPeriod(_ day: Int) -> (first: Int, end: Int) {
        if case .timesPerMonth = frequency {
            let date = LocalDay(dayNumber: day)
            let first = day - (date.day - 1)
            return (first, first + LocalDay.daysIn(month: date.month, year: date.year))
        }
        let first = day - (Self.isoWeekday(day) - 1)
        return (first, first + 7)
    }

    func isActive(_ day: Int) -> Bool { day >= start && day <= last }

    /// ISO weekday of a day number: 1 is Monday.
    static func isoWeekday(_ day: Int) -> Int {
        let n = (day + 3) % 7  // 1970-01-01 was a Thursday.
        return (n < 0 ? n + 7 : n) + 1
    }
}
