/// A wall-clock date and time with second precision, as read on a clock in some zone.
public struct LocalDateTime: Hashable, Comparable, Sendable {
    public let day: LocalDay
    /// Seconds after midnight, `0..<86400`.
    public let secondOfDay: Int

    public init(day: LocalDay, secondOfDay: Int) {
        precondition((0..<86_400).contains(secondOfDay), "second of day out of range")
        self.day = day
        self.secondOfDay = secondOfDay
    }

    public init(day: LocalDay, time: TimeOfDay) {
        self.init(day: day, secondOfDay: time.secondOfDay)
    }

    /// Seconds since 1970-01-01T00:00:00 on this wall clock, as if it were UTC.
    var wallSeconds: Int64 { Int64(day.dayNumber) * 86_400 + Int64(secondOfDay) }

    init(wallSeconds: Int64) {
        let days = wallSeconds >= 0 ? wallSeconds / 86_400 : (wallSeconds - 86_399) / 86_400
        self.init(day: LocalDay(dayNumber: Int(days)), secondOfDay: Int(wallSeconds - days * 86_400))
    }

    public var hour: Int { secondOfDay / 3600 }
    public var minute: Int { secondOfDay / 60 % 60 }
    public var second: Int { secondOfDay % 60 }

    /// The time of day, seconds dropped.
    public var timeOfDay: TimeOfDay { TimeOfDay(hour: hour, minute: minute)! }

    /// `YYYY-MM-DDTHH:MM`, seconds dropped: how a form's date-and-time field shows it.
    public var minuteText: String { "\(day)T\(timeOfDay)" }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool { lhs.wallSeconds < rhs.wallSeconds }
}

extension LocalDateTime: CustomStringConvertible {
    /// `YYYY-MM-DDTHH:MM` (with `:SS` when the seconds are not zero).
    public var description: String {
        let hm = "\(day)T\(String(hour).leftPadded(to: 2)):\(String(minute).leftPadded(to: 2))"
        return second == 0 ? hm : hm + ":" + String(second).leftPadded(to: 2)
    }
}

extension LocalDateTime {
    /// Appends `YYYY-MM-DDTHH:MM:SS`.
    func write(to text: inout ASCIIText) {
        day.write(to: &text)
        text.append("T")
        text.append(hour, width: 2)
        text.append(":")
        text.append(minute, width: 2)
        text.append(":")
        text.append(second, width: 2)
    }
}
