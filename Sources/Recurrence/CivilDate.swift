/// A proleptic Gregorian calendar date with no time zone (an iCalendar `DATE`).
public struct CivilDate: Hashable, Comparable, Sendable {
    /// The year, 1...9999 for dates that appear in iCalendar data.
    public var year: Int
    /// The month, 1...12.
    public var month: Int
    /// The day of the month, 1...31.
    public var day: Int

    /// Creates a date from its fields without validating them; see ``isValid``.
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Creates the date that is `dayNumber` days after 1970-01-01.
    public init(dayNumber: Int) {
        let (y, m, d) = CalendarMath.civil(fromDayNumber: dayNumber)
        self.init(year: y, month: m, day: d)
    }

    /// Whether the fields name a real day (e.g. February 30 does not).
    public var isValid: Bool {
        (1...12).contains(month) && day >= 1 && day <= CalendarMath.daysInMonth(year: year, month: month)
    }

    /// The number of days since 1970-01-01 (negative before it).
    public var dayNumber: Int {
        CalendarMath.dayNumber(year: year, month: month, day: day)
    }

    /// The day of the week.
    public var weekday: Weekday {
        CalendarMath.weekday(ofDayNumber: dayNumber)
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}

/// Integer civil-calendar arithmetic used in the expansion hot path (no Foundation `Calendar`).
enum CalendarMath {
    static let secondsPerDay = 86_400

    /// Floor division that rounds toward negative infinity.
    @inline(__always)
    static func floorDiv(_ a: Int, _ b: Int) -> Int {
        let q = a / b
        return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q
    }

    /// Modulo whose result has the sign of the divisor.
    @inline(__always)
    static func floorMod(_ a: Int, _ b: Int) -> Int {
        let r = a % b
        return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r
    }

    @inline(__always)
    static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    @inline(__always)
    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 for a proleptic Gregorian date (era-based algorithm with March-first years).
    @inline(__always)
    static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = floorDiv(shiftedYear, 400)
        let yearOfEra = shiftedYear - era * 400
        let marchMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * marchMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The inverse of ``dayNumber(year:month:day:)``.
    @inline(__always)
    static func civil(fromDayNumber dayNumber: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = dayNumber + 719_468
        let era = floorDiv(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let marchMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * marchMonth + 2) / 5 + 1
        let month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// ISO weekday index of a day number: 0 = Monday ... 6 = Sunday (1970-01-01 was a Thursday).
    @inline(__always)
    static func weekdayIndex(ofDayNumber dayNumber: Int) -> Int {
        floorMod(dayNumber + 3, 7)
    }

    @inline(__always)
    static func weekday(ofDayNumber dayNumber: Int) -> Weekday {
        Weekday(rawValue: weekdayIndex(ofDayNumber: dayNumber))!
    }

    /// Day number of January 1 of `year`.
    @inline(__always)
    static func firstDayOfYear(_ year: Int) -> Int {
        dayNumber(year: year, month: 1, day: 1)
    }

    /// Zero-based day-of-year offsets at which each month starts, for common and leap years (index 0...12).
    static let monthStartOffsets: [[Int]] = [
        [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365],
        [0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335, 366],
    ]
}
