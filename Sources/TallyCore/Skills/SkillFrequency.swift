import Foundation

/// How often a skill is practised (US-004, F-003; seed 004's "daily/weekly/monthly").
///
/// Text form, used by the CLI, the API and storage: `daily`, `3/week` (three times in each Monday-first
/// week), `mon,wed,fri` (those weekdays), `every-2-days` (every second day counted from the start day),
/// `2/month` (twice in each calendar month) and `day-1,15` (on those days of each month). The text forms
/// and their reading are in `SkillFrequency+Text.swift`.
public enum SkillFrequency: Hashable, Sendable {
    case daily
    /// This many times in each ISO week (Monday to Sunday), 1 to 7.
    case timesPerWeek(Int)
    /// ISO weekdays, 1 (Monday) to 7 (Sunday), sorted and without repeats.
    case weekdays([Int])
    /// Every so many days (2 to 365) counted from the skill's start day.
    case everyDays(Int)
    /// This many times in each calendar month, 1 to 31.
    case timesPerMonth(Int)
    /// Days of the month, 1 to 31, sorted and without repeats. A day a month does not have falls on that
    /// month's last day: "the 31st" is due on 30 April and 28 or 29 February.
    case monthDays([Int])

    static let weekdayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    static let weekdayTitles = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// The short name of ISO weekday `n` (1 is Monday).
    public static func weekdayTitle(_ n: Int) -> String { weekdayTitles[n - 1] }

    /// The same frequency with its numbers checked (for values that did not come through ``parse(_:field:)``).
    public func validated(field: String = "frequency") throws(TallyError) -> SkillFrequency {
        try Self.parse(description, field: field)
    }

    /// Counted in calendar months. Versions of Tally before these were added cannot read them, so a skill
    /// also carries a weekly stand-in for them (see `SkillFields+Coding.swift`).
    public var isMonthly: Bool {
        switch self {
        case .timesPerMonth, .monthDays: true
        case .daily, .timesPerWeek, .weekdays, .everyDays: false
        }
    }

    /// For people: "Daily", "2 times a week", "Mon, Wed, Fri", "Every 3 days", "Twice a month",
    /// "Monthly on the 1st and 15th".
    public var label: String {
        switch self {
        case .daily: "Daily"
        case .timesPerWeek(1): "Once a week"
        case .timesPerWeek(2): "Twice a week"
        case .timesPerWeek(let n): "\(n) times a week"
        case .weekdays(let days): days.map { String(Self.weekdayTitles[$0 - 1].prefix(3)) }.joined(separator: ", ")
        case .everyDays(let n): "Every \(n) days"
        case .timesPerMonth(1): "Once a month"
        case .timesPerMonth(2): "Twice a month"
        case .timesPerMonth(let n): "\(n) times a month"
        case .monthDays(let days): "Monthly on the " + Self.list(days.map(Self.ordinal))
        }
    }

    /// "1st", "2nd", "3rd", "11th", "22nd".
    public static func ordinal(_ n: Int) -> String {
        let suffix =
            switch (n % 10, n % 100) {
            case (_, 11...13): "th"
            case (1, _): "st"
            case (2, _): "nd"
            case (3, _): "rd"
            default: "th"
            }
        return "\(n)\(suffix)"
    }

    /// "a", "a and b", "a, b and c".
    static func list(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }
}

extension SkillFrequency: CustomStringConvertible {
    public var description: String {
        switch self {
        case .daily: "daily"
        case .timesPerWeek(let n): "\(n)/week"
        case .weekdays(let days): days.map { Self.weekdayNames[max(0, min(6, $0 - 1))] }.joined(separator: ",")
        case .everyDays(let n): "every-\(n)-days"
        case .timesPerMonth(let n): "\(n)/month"
        case .monthDays(let days): "day-" + days.map(String.init).joined(separator: ",")
        }
    }
}

extension SkillFrequency: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try Self.parse(text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
