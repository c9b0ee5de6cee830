/// A calendar day as the user lives it (`2026-03-08`), independent of any time zone.
///
/// Which instants belong to a day is decided by ``DayBoundary``; this type is only the label.
/// Arithmetic uses the proleptic Gregorian calendar through a day number, so it needs no `Calendar`.
public struct LocalDay: Hashable, Comparable, Sendable {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Creates a day, or fails when the date does not exist (February 30).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day `dayNumber` days after 1970-01-01.
    public init(dayNumber: Int) {
        // Howard Hinnant's civil_from_days.
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self.month = m
        self.day = d
    }

    /// Days since 1970-01-01 (negative before it).
    public var dayNumber: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public func adding(days: Int) -> LocalDay { LocalDay(dayNumber: dayNumber + days) }

    /// Days from `self` to `other` (positive when `other` is later).
    public func days(to other: LocalDay) -> Int { other.dayNumber - dayNumber }

    /// ISO weekday: 1 is Monday, 7 is Sunday.
    public var isoWeekday: Int {
        let n = (dayNumber + 3) % 7  // 1970-01-01 was a Thursday.
        return (n < 0 ? n + 7 : n) + 1
    }

    public static func < (lhs: LocalDay, rhs: LocalDay) -> Bool { lhs.dayNumber < rhs.dayNumber }

    static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

extension LocalDay: CustomStringConvertible, LosslessStringConvertible {
    /// `YYYY-MM-DD`.
    public var description: String {
        var text = ASCIIText(capacity: 10)
        write(to: &text)
        return text.string
    }

    /// Parses `YYYY-MM-DD`; nil for anything else, including dates that do not exist.
    public init?(_ text: String) {
        var scanner = ASCIIScanner(text)
        guard let y = scanner.number(digits: 4), scanner.take("-"), let m = scanner.number(digits: 2),
            scanner.take("-"), let d = scanner.number(digits: 2), scanner.isAtEnd
        else { return nil }
        self.init(year: y, month: m, day: d)
    }
}

extension LocalDay {
    /// Appends `YYYY-MM-DD`.
    func write(to text: inout ASCIIText) {
        text.append(year, width: 4)
        text.append("-")
        text.append(month, width: 2)
        text.append("-")
        text.append(day, width: 2)
    }

    /// Parses `YYYY-MM-DD` typed into `field`, or says what is wrong with it.
    public static func parse(_ text: String, field: String) throws(TallyError) -> LocalDay {
        guard let day = LocalDay(text) else {
            throw .invalid(field: field, reason: "'\(text)' is not a date in the form YYYY-MM-DD")
        }
        return day
    }
}

extension LocalDay: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let day = LocalDay(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(text)' is not a date in the form YYYY-MM-DD")
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
