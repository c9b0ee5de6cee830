import Recurrence

/// The simple event form's choices, turned into an RRULE: every N days; every N weeks on some weekdays;
/// every N months on the nth (or last) weekday or on the start's day; every N years.
public struct RecurrencePattern: Hashable, Sendable {
    public enum Frequency: String, CaseIterable, Sendable {
        case daily, weekly, monthly, yearly
    }

    public var frequency: Frequency
    public var interval: Int
    /// ISO weekdays (1 is Monday) for a weekly rule; empty means the start's weekday.
    public var weekdays: [Int]
    /// For a monthly rule: 1 to 4 for the first to fourth, -1 for the last `monthlyWeekday`; nil means the
    /// start's day of the month.
    public var monthlyOrdinal: Int?
    public var monthlyWeekday: Int?

    public init(
        frequency: Frequency, interval: Int = 1, weekdays: [Int] = [], monthlyOrdinal: Int? = nil,
        monthlyWeekday: Int? = nil
    ) {
        self.frequency = frequency
        self.interval = interval
        self.weekdays = weekdays
        self.monthlyOrdinal = monthlyOrdinal
        self.monthlyWeekday = monthlyWeekday
    }

    /// The RRULE, or an error naming the choice that is wrong.
    public func rule() throws(TallyError) -> String {
        guard (1...999).contains(interval) else {
            throw .invalid(field: "interval", reason: "\(interval) is not between 1 and 999")
        }
        var parts = ["FREQ=\(frequency.rawValue.uppercased())"]
        if interval > 1 { parts.append("INTERVAL=\(interval)") }
        switch frequency {
        case .weekly where !weekdays.isEmpty:
            parts.append(
                "BYDAY="
                    + (try Set(weekdays).sorted().map { day throws(TallyError) in try Self.code(day) }).joined(
                        separator: ","))
        case .monthly:
            if let monthlyOrdinal {
                guard [1, 2, 3, 4, -1].contains(monthlyOrdinal) else {
                    throw .invalid(field: "ordinal", reason: "\(monthlyOrdinal) is not 1 to 4 or -1 (last)")
                }
                guard let monthlyWeekday else { throw .invalid(field: "weekday", reason: "choose a weekday") }
                parts.append("BYDAY=\(monthlyOrdinal)\(try Self.code(monthlyWeekday))")
            }
        default:
            break
        }
        return parts.joined(separator: ";")
    }

    static func code(_ isoWeekday: Int) throws(TallyError) -> String {
        guard let day = Weekday(rawValue: isoWeekday - 1) else {
            throw .invalid(field: "weekday", reason: "\(isoWeekday) is not a weekday (1 is Monday, 7 is Sunday)")
        }
        return day.code
    }
}
