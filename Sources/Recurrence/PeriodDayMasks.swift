/// Builds the sets of matching days for whole years (YEARLY) and whole months (MONTHLY).
///
/// Which days of a year match depends only on the year's shape (leap or not, weekday of January 1) and, for
/// `BYWEEKNO`, the lengths of the neighbouring years, so masks are cached per shape: at most 56 distinct years.
struct PeriodDayMasks {
    private let plan: RulePlan
    private var yearMasks: [DayBits?] = Array(repeating: nil, count: 56)
    /// Month masks indexed by `(length - 28) * 7 + weekday of the 1st`; bit `d` set for matching day `d`.
    private(set) var monthMasks: [UInt32] = Array(repeating: 0, count: 28)

    init(plan: RulePlan) {
        self.plan = plan
        for length in 28...31 {
            for firstWeekday in 0..<7 {
                var mask: UInt32 = 0
                for day in 1...length where monthDayMatches(day, length: length, firstWeekday: firstWeekday) {
                    mask |= UInt32(1) << day
                }
                monthMasks[(length - 28) * 7 + firstWeekday] = mask
            }
        }
    }

    /// Matching days of `year` as bits of zero-based day-of-year offsets.
    mutating func yearMask(for year: Int) -> DayBits {
        let leap = CalendarMath.isLeapYear(year)
        let jan1 = CalendarMath.weekdayIndex(ofDayNumber: CalendarMath.firstDayOfYear(year))
        let previousLeap = CalendarMath.isLeapYear(year - 1)
        let nextLeap = CalendarMath.isLeapYear(year + 1)
        let key = jan1 * 8 + (leap ? 4 : 0) + (previousLeap ? 2 : 0) + (nextLeap ? 1 : 0)
        if let cached = yearMasks[key] { return cached }
        let mask = buildYearMask(
            jan1: jan1, length: leap ? 366 : 365, previousLength: previousLeap ? 366 : 365,
            nextLength: nextLeap ? 366 : 365)
        yearMasks[key] = mask
        return mask
    }

    /// Month-level filter used for MONTHLY: month day and `BYDAY` (ordinals count within the month).
    private func monthDayMatches(_ day: Int, length: Int, firstWeekday: Int) -> Bool {
        if plan.hasMonthDay
            && plan.monthDayPositive & (UInt32(1) << day) == 0
            && plan.monthDayNegative & (UInt32(1) << (length - day + 1)) == 0
        {
            return false
        }
        return weekdayMatches((firstWeekday + day - 1) % 7, nth: (day - 1) / 7 + 1, nthFromEnd: (length - day) / 7 + 1)
    }

    private func weekdayMatches(_ weekday: Int, nth: Int, nthFromEnd: Int) -> Bool {
        guard plan.hasByDay else { return true }
        if plan.weekdayMask & (UInt8(1) << weekday) != 0 { return true }
        for entry in plan.ordinalWeekdays where entry.weekday == weekday {
            if entry.ordinal > 0 ? entry.ordinal == nth : -entry.ordinal == nthFromEnd { return true }
        }
        return false
    }

    private func buildYearMask(jan1: Int, length: Int, previousLength: Int, nextLength: Int) -> DayBits {
        let leap = length == 366 ? 1 : 0
        let offsets = CalendarMath.monthStartOffsets[leap]
        let weeks = WeekNumbering(
            weekStart: plan.weekStart, jan1: jan1, length: length, previousLength: previousLength,
            nextLength: nextLength)
        var mask = DayBits()
        var month = 1
        for index in 0..<length {
            while index >= offsets[month] { month += 1 }
            let monthDay = index - offsets[month - 1] + 1
            let monthLength = offsets[month] - offsets[month - 1]
            if plan.monthMask & (UInt16(1) << month) == 0 { continue }
            if plan.hasWeekNumber {
                let (number, negative) = weeks.weekNumber(ofDayIndex: index)
                if plan.weekNumberPositive & (UInt64(1) << number) == 0
                    && plan.weekNumberNegative & (UInt64(1) << negative) == 0
                {
                    continue
                }
            }
            if plan.hasYearDay && !plan.yearDayPositive.contains(index + 1)
                && !plan.yearDayNegative.contains(length - index)
            {
                continue
            }
            if plan.hasMonthDay
                && plan.monthDayPositive & (UInt32(1) << monthDay) == 0
                && plan.monthDayNegative & (UInt32(1) << (monthLength - monthDay + 1)) == 0
            {
                continue
            }
            let weekday = (jan1 + index) % 7
            let matchesDay =
                plan.ordinalsWithinMonth
                ? weekdayMatches(weekday, nth: (monthDay - 1) / 7 + 1, nthFromEnd: (monthLength - monthDay) / 7 + 1)
                : weekdayMatches(weekday, nth: index / 7 + 1, nthFromEnd: (length - 1 - index) / 7 + 1)
            if matchesDay { mask.insert(index) }
        }
        return mask
    }
}

/// Week numbering of one year for `BYWEEKNO`: weeks start on `WKST`, and week 1 is the first week with at least
/// four days in the year (RFC 5545 §3.3.10, ISO 8601 when `WKST=MO`).
struct WeekNumbering {
    let week1Start: Int
    let weekCount: Int
    let previousWeekCount: Int
    let nextWeek1Start: Int
    let nextWeekCount: Int
    let length: Int

    init(weekStart: Int, jan1: Int, length: Int, previousLength: Int, nextLength: Int) {
        let previousJan1 = CalendarMath.floorMod(jan1 - previousLength, 7)
        let nextJan1 = (jan1 + length) % 7
        let afterNextJan1 = (nextJan1 + nextLength) % 7
        let start = Self.week1Offset(weekStart: weekStart, jan1: jan1)
        let previousStart = Self.week1Offset(weekStart: weekStart, jan1: previousJan1)
        let nextStart = Self.week1Offset(weekStart: weekStart, jan1: nextJan1)
        let afterNextStart = Self.week1Offset(weekStart: weekStart, jan1: afterNextJan1)
        self.length = length
        week1Start = start
        nextWeek1Start = nextStart
        weekCount = (length + nextStart - start) / 7
        previousWeekCount = (previousLength + start - previousStart) / 7
        nextWeekCount = (nextLength + afterNextStart - nextStart) / 7
    }

    /// Day offset from January 1 of the first day of week 1 (negative when week 1 starts in December).
    static func week1Offset(weekStart: Int, jan1: Int) -> Int {
        let untilWeekStart = CalendarMath.floorMod(weekStart - jan1, 7)
        return untilWeekStart >= 4 ? untilWeekStart - 7 : untilWeekStart
    }

    /// The week number of a zero-based day of the year, and its negative form as a positive count from the end.
    func weekNumber(ofDayIndex index: Int) -> (number: Int, fromEnd: Int) {
        if index < week1Start { return (previousWeekCount, 1) }
        if index >= length + nextWeek1Start { return (1, nextWeekCount) }
        let number = (index - week1Start) / 7 + 1
        return (number, weekCount - number + 1)
    }
}
