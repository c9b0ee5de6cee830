/// A rule compiled for expansion from a particular `DTSTART`: defaults filled in from `DTSTART` (RFC 5545
/// §3.3.10) and every `BYxxx` list turned into a bitmask or small sorted array.
struct RulePlan {
    let frequency: Frequency
    let interval: Int
    /// Bit `m` set for each allowed month 1...12 (all set without `BYMONTH`).
    let monthMask: UInt16
    let hasMonthDay: Bool
    /// Bit `d` set for `BYMONTHDAY=d` (d > 0).
    let monthDayPositive: UInt32
    /// Bit `d` set for `BYMONTHDAY=-d`.
    let monthDayNegative: UInt32
    let hasYearDay: Bool
    /// Bit `d` set for `BYYEARDAY=d`, and for `BYYEARDAY=-d` respectively (d in 1...366).
    let yearDayPositive: DayBits
    let yearDayNegative: DayBits
    let hasWeekNumber: Bool
    /// Bit `n` set for `BYWEEKNO=n` and for `BYWEEKNO=-n`.
    let weekNumberPositive: UInt64
    let weekNumberNegative: UInt64
    let hasByDay: Bool
    /// Bit `w` (0 = Monday) set for each plain `BYDAY` weekday.
    let weekdayMask: UInt8
    /// `BYDAY` entries with ordinals, as (ordinal, weekday index).
    let ordinalWeekdays: [(ordinal: Int, weekday: Int)]
    /// Ordinal `BYDAY` counts within the month (YEARLY with `BYMONTH`, or MONTHLY) rather than the year.
    let ordinalsWithinMonth: Bool
    let weekStart: Int
    /// Bit masks of allowed hours, minutes and seconds (as limits for frequencies at or below their unit).
    let hourMask: UInt32
    let minuteMask: UInt64
    let secondMask: UInt64
    /// Sorted seconds-of-day produced in each day for DAILY and longer frequencies.
    let timesOfDay: [Int]
    /// Sorted offsets (seconds) inside one period for HOURLY (minute × second) and MINUTELY (second).
    let offsetsInPeriod: [Int]
    let setPositions: [Int]
    /// The most candidates one period can hold (days in the longest period × times of day, or the `BYSETPOS`
    /// count): a read whose budget has less left than this does not load the period.
    let candidatesPerPeriod: Int

    init(rule: RecurrenceRule, start: LocalDateTime) {
        frequency = rule.frequency
        interval = max(1, rule.interval)
        weekStart = rule.weekStart.rawValue
        var byMonth = rule.byMonth
        var byMonthDay = rule.byMonthDay
        var byDay = rule.byDay
        let noDayParts =
            rule.byWeekNumber.isEmpty && rule.byYearDay.isEmpty && rule.byMonthDay.isEmpty && rule.byDay.isEmpty
        switch rule.frequency {
        case .yearly where noDayParts:
            if byMonth.isEmpty { byMonth = [start.date.month] }
            byMonthDay = [start.date.day]
        case .monthly where noDayParts:
            byMonthDay = [start.date.day]
        case .weekly where byDay.isEmpty:
            byDay = [WeekdaySpecifier(start.date.weekday)]
        default:
            break
        }
        monthMask = byMonth.isEmpty ? 0x1FFE : byMonth.reduce(0) { $0 | UInt16(1) << $1 }
        hasMonthDay = !byMonthDay.isEmpty
        monthDayPositive = byMonthDay.filter { $0 > 0 }.reduce(0) { $0 | UInt32(1) << $1 }
        monthDayNegative = byMonthDay.filter { $0 < 0 }.reduce(0) { $0 | UInt32(1) << -$1 }
        hasYearDay = !rule.byYearDay.isEmpty
        yearDayPositive = DayBits(rule.byYearDay.filter { $0 > 0 })
        yearDayNegative = DayBits(rule.byYearDay.filter { $0 < 0 }.map { -$0 })
        hasWeekNumber = !rule.byWeekNumber.isEmpty
        weekNumberPositive = rule.byWeekNumber.filter { $0 > 0 }.reduce(0) { $0 | UInt64(1) << $1 }
        weekNumberNegative = rule.byWeekNumber.filter { $0 < 0 }.reduce(0) { $0 | UInt64(1) << -$1 }
        hasByDay = !byDay.isEmpty
        weekdayMask = byDay.filter { $0.ordinal == nil }.reduce(0) { $0 | UInt8(1) << $1.weekday.rawValue }
        ordinalWeekdays = byDay.compactMap { spec in spec.ordinal.map { ($0, spec.weekday.rawValue) } }
        ordinalsWithinMonth = rule.frequency == .monthly || !rule.byMonth.isEmpty
        let hours = Self.timeList(rule.byHour, start.hour, 0...23, expands: rule.frequency > .hourly)
        let minutes = Self.timeList(rule.byMinute, start.minute, 0...59, expands: rule.frequency > .minutely)
        let seconds = Self.timeList(rule.bySecond, start.second, 0...59, expands: rule.frequency > .secondly)
        hourMask = hours.reduce(0) { $0 | UInt32(1) << $1 }
        minuteMask = minutes.reduce(0) { $0 | UInt64(1) << $1 }
        secondMask = seconds.reduce(0) { $0 | UInt64(1) << $1 }
        let validSeconds = seconds.filter { $0 < 60 }
        var times: [Int] = []
        var offsets: [Int] = []
        if rule.frequency >= .daily {
            for hour in hours {
                for minute in minutes {
                    for second in validSeconds { times.append(hour * 3600 + minute * 60 + second) }
                }
            }
        } else if rule.frequency == .hourly {
            for minute in minutes { for second in validSeconds { offsets.append(minute * 60 + second) } }
        } else if rule.frequency == .minutely {
            offsets = validSeconds
        }
        timesOfDay = times
        offsetsInPeriod = offsets
        setPositions = rule.bySetPosition
        let daysPerPeriod = [Frequency.daily: 1, .weekly: 7, .monthly: 31, .yearly: 366][rule.frequency] ?? 0
        var perPeriod = rule.frequency >= .daily ? daysPerPeriod * times.count : max(1, offsets.count)
        if !rule.bySetPosition.isEmpty { perPeriod = min(perPeriod, rule.bySetPosition.count) }
        candidatesPerPeriod = perPeriod
    }

    /// The values of a time part: the given list, or the `DTSTART` field when the part expands and is absent.
    /// For frequencies at or below the part's unit an absent part means "any value" (`all`).
    private static func timeList(
        _ values: [Int], _ fallback: Int, _ all: ClosedRange<Int>, expands: Bool
    ) -> [Int] {
        if !values.isEmpty { return values }
        return expands ? [fallback] : Array(all)
    }

    /// Whether a day passes the month, month-day, year-day and plain weekday filters (DAILY and shorter).
    @inline(__always)
    func dayMatches(_ day: DayFacts) -> Bool {
        if monthMask & (UInt16(1) << day.month) == 0 { return false }
        if hasMonthDay
            && monthDayPositive & (UInt32(1) << day.monthDay) == 0
            && monthDayNegative & (UInt32(1) << (day.monthLength - day.monthDay + 1)) == 0
        {
            return false
        }
        if hasYearDay && !yearDayPositive.contains(day.yearDay)
            && !yearDayNegative.contains(day.yearLength - day.yearDay + 1)
        {
            return false
        }
        if hasByDay && weekdayMask & (UInt8(1) << day.weekday) == 0 { return false }
        return true
    }
}

/// Facts about one day used by the filters; `yearDay` and `monthDay` are 1-based.
struct DayFacts {
    var month: Int
    var monthDay: Int
    var monthLength: Int
    var yearDay: Int
    var yearLength: Int
    var weekday: Int

    init(dayNumber: Int) {
        let (year, month, day) = CalendarMath.civil(fromDayNumber: dayNumber)
        let leap = CalendarMath.isLeapYear(year) ? 1 : 0
        self.month = month
        self.monthDay = day
        self.monthLength = CalendarMath.daysInMonth(year: year, month: month)
        self.yearDay = CalendarMath.monthStartOffsets[leap][month - 1] + day
        self.yearLength = 365 + leap
        self.weekday = CalendarMath.weekdayIndex(ofDayNumber: dayNumber)
    }
}

/// A fixed set of small non-negative integers (0...383) stored as six 64-bit words.
struct DayBits: Equatable {
    var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)

    init(_ values: [Int] = []) {
        for value in values { insert(value) }
    }

    mutating func insert(_ value: Int) {
        let bit = UInt64(1) << (value & 63)
        switch value >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        case 3: words.3 |= bit
        case 4: words.4 |= bit
        default: words.5 |= bit
        }
    }

    @inline(__always)
    func contains(_ value: Int) -> Bool {
        let bit = UInt64(1) << (value & 63)
        switch value >> 6 {
        case 0: return words.0 & bit != 0
        case 1: return words.1 & bit != 0
        case 2: return words.2 & bit != 0
        case 3: return words.3 & bit != 0
        case 4: return words.4 & bit != 0
        default: return words.5 & bit != 0
        }
    }

    static func == (lhs: DayBits, rhs: DayBits) -> Bool {
        lhs.words == rhs.words
    }
}
