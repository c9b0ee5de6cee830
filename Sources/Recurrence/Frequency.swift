/// The `FREQ` rule part: the unit of the recurrence period.
public enum Frequency: Int, CaseIterable, Hashable, Comparable, Sendable {
    case secondly = 0
    case minutely
    case hourly
    case daily
    case weekly
    case monthly
    case yearly

    /// The iCalendar name, e.g. `WEEKLY`.
    public var name: String {
        switch self {
        case .secondly: return "SECONDLY"
        case .minutely: return "MINUTELY"
        case .hourly: return "HOURLY"
        case .daily: return "DAILY"
        case .weekly: return "WEEKLY"
        case .monthly: return "MONTHLY"
        case .yearly: return "YEARLY"
        }
    }

    /// Parses an iCalendar frequency name, case-insensitively.
    public init?(name: String) {
        guard let match = Frequency.allCases.first(where: { $0.name == name.uppercased() }) else { return nil }
        self = match
    }

    /// The period length in seconds for sub-daily frequencies, `nil` for DAILY and longer.
    var fixedSeconds: Int? {
        switch self {
        case .secondly: return 1
        case .minutely: return 60
        case .hourly: return 3600
        default: return nil
        }
    }

    public static func < (lhs: Frequency, rhs: Frequency) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
