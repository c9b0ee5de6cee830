/// A day of the week, in ISO order (Monday first), as used by `BYDAY` and `WKST`.
public enum Weekday: Int, CaseIterable, Hashable, Comparable, Sendable {
    case monday = 0
    case tuesday
    case wednesday
    case thursday
    case friday
    case saturday
    case sunday

    /// The two-letter iCalendar code, e.g. `MO`.
    public var code: String {
        Weekday.codes[rawValue]
    }

    /// Parses a two-letter iCalendar code, case-insensitively.
    public init?(code: String) {
        guard let index = Weekday.codes.firstIndex(of: code.uppercased()) else { return nil }
        self.init(rawValue: index)
    }

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    private static let codes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
}

/// One `BYDAY` entry: a weekday with an optional ordinal, e.g. `MO`, `+1MO`, `-1FR`, `20MO`.
public struct WeekdaySpecifier: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The ordinal (nonzero, -53...53), or `nil` for "every such weekday".
    public var ordinal: Int?
    /// The weekday.
    public var weekday: Weekday

    /// Creates a specifier; `ordinal` must be `nil` or nonzero.
    public init(_ weekday: Weekday, ordinal: Int? = nil) {
        self.weekday = weekday
        self.ordinal = ordinal
    }

    /// The iCalendar text, e.g. `-1FR`.
    public var description: String {
        (ordinal.map { String($0) } ?? "") + weekday.code
    }

    public static func < (lhs: WeekdaySpecifier, rhs: WeekdaySpecifier) -> Bool {
        (lhs.ordinal ?? 0, lhs.weekday.rawValue) < (rhs.ordinal ?? 0, rhs.weekday.rawValue)
    }
}
