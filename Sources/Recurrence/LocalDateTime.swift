/// A wall-clock date and time with no time zone attached (an iCalendar floating `DATE-TIME`).
public struct LocalDateTime: Hashable, Comparable, Sendable {
    /// The calendar date.
    public var date: CivilDate
    /// The hour, 0...23.
    public var hour: Int
    /// The minute, 0...59.
    public var minute: Int
    /// The second, 0...60 (60 is accepted by the grammar but never produced by expansion).
    public var second: Int

    /// Creates a local date-time from its fields without validating them.
    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.init(date: CivilDate(year: year, month: month, day: day), hour: hour, minute: minute, second: second)
    }

    /// Creates a local date-time from a date and time-of-day fields.
    public init(date: CivilDate, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.date = date
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// Creates the local date-time `localSeconds` seconds after 1970-01-01T00:00:00 (wall clock).
    init(localSeconds: Int) {
        let day = CalendarMath.floorDiv(localSeconds, CalendarMath.secondsPerDay)
        let secondOfDay = localSeconds - day * CalendarMath.secondsPerDay
        self.init(
            date: CivilDate(dayNumber: day), hour: secondOfDay / 3600, minute: secondOfDay / 60 % 60,
            second: secondOfDay % 60)
    }

    /// Whether the date is valid and the time fields are in range (seconds up to 59).
    public var isValid: Bool {
        date.isValid && (0...23).contains(hour) && (0...59).contains(minute) && (0...59).contains(second)
    }

    /// Seconds since the start of the day.
    var secondOfDay: Int {
        hour * 3600 + minute * 60 + second
    }

    /// Wall-clock seconds since 1970-01-01T00:00:00 (no zone applied).
    var localSeconds: Int {
        date.dayNumber * CalendarMath.secondsPerDay + secondOfDay
    }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        (lhs.date, lhs.hour, lhs.minute, lhs.second) < (rhs.date, rhs.hour, rhs.minute, rhs.second)
    }
}
