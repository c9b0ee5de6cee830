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

    /// The choices that make `rule` exactly (``rule()`` gives the same text back), so an edit form can show
    /// them; nil for a rule the simple choices do not make (a count, an end, several BY parts): the form
    /// shows that one as a custom rule, kept as typed.
    public init?(rule text: String) {
        var values: [String: String] = [:]
        for part in text.split(separator: ";", omittingEmptySubsequences: false) {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, values[String(pair[0])] == nil else { return nil }
            values[String(pair[0])] = String(pair[1])
        }
        guard let name = values.removeValue(forKey: "FREQ"), let frequency = Frequency(rawValue: name.lowercased())
        else { return nil }
        var pattern = RecurrencePattern(frequency: frequency)
        if let interval = values.removeValue(forKey: "INTERVAL") {
            guard let number = Int(interval) else { return nil }
            pattern.interval = number
        }
        if let days = values.removeValue(forKey: "BYDAY") {
            let codes = days.split(separator: ",").map(String.init)
            switch frequency {
            case .weekly:
                let found = codes.compactMap { code in Weekday.allCases.first { $0.code == code } }
                guard found.count == codes.count else { return nil }
                pattern.weekdays = found.map { $0.rawValue + 1 }
            case .monthly:
                guard codes.count == 1, let code = codes.first, code.count > 2,
                    let ordinal = Int(code.dropLast(2)),
                    let weekday = Weekday.allCases.first(where: { $0.code == String(code.suffix(2)) })
                else { return nil }
                pattern.monthlyOrdinal = ordinal
                pattern.monthlyWeekday = weekday.rawValue + 1
            default: return nil
            }
        }
        guard values.isEmpty, (try? pattern.rule()) == text else { return nil }
        self = pattern
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
