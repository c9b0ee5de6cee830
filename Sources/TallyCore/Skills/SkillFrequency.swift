import Foundation

/// How often a skill is practised (US-004, F-003).
///
/// Text form, used by the CLI, the API and storage: `daily`, `3/week` (three times in each Monday-first
/// week), `mon,wed,fri` (those weekdays), `every-2-days` (every second day counted from the start day).
public enum SkillFrequency: Hashable, Sendable {
    case daily
    /// This many times in each ISO week (Monday to Sunday), 1 to 7.
    case timesPerWeek(Int)
    /// ISO weekdays, 1 (Monday) to 7 (Sunday), sorted and without repeats.
    case weekdays([Int])
    /// Every so many days (2 to 365) counted from the skill's start day.
    case everyDays(Int)

    static let weekdayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    static let weekdayTitles = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// The short name of ISO weekday `n` (1 is Monday).
    public static func weekdayTitle(_ n: Int) -> String { weekdayTitles[n - 1] }

    /// Reads the text form; `daily`, `weekly` (once a week) and `twice-a-week` are accepted too.
    /// A count outside its range, an unknown weekday or anything else is an error naming `field`.
    public static func parse(_ text: String, field: String = "frequency") throws(TallyError) -> SkillFrequency {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        switch trimmed {
        case "daily", "every-day", "everyday": return .daily
        case "weekly", "once-a-week": return .timesPerWeek(1)
        case "twice-a-week": return .timesPerWeek(2)
        default: break
        }
        if trimmed.hasSuffix("/week") {
            let number = trimmed.dropLast("/week".count).trimmingCharacters(in: CharacterSet(charactersIn: " x"))
            guard let count = Int(number) else {
                throw .invalid(field: field, reason: "'\(text)' is not a count a week such as 2/week")
            }
            guard (1...7).contains(count) else {
                throw .invalid(field: field, reason: "\(count) times a week is not possible: use 1 to 7")
            }
            return .timesPerWeek(count)
        }
        if trimmed.hasPrefix("every-") && trimmed.hasSuffix("-days") {
            guard let count = Int(trimmed.dropFirst("every-".count).dropLast("-days".count)) else {
                throw .invalid(field: field, reason: "'\(text)' is not an interval such as every-3-days")
            }
            guard (1...365).contains(count) else {
                throw .invalid(field: field, reason: "every \(count) days is not possible: use 1 to 365")
            }
            return count == 1 ? .daily : .everyDays(count)
        }
        let names = trimmed.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        var days: [Int] = []
        for name in names {
            // Exactly a weekday's short or full name: `monthly`, `mondays` and `thu-fri` were once read by
            // their first three letters as Mon, Mon and Thu.
            guard
                let index = weekdayNames.indices.first(where: {
                    name == weekdayNames[$0] || name == weekdayTitles[$0].lowercased()
                })
            else {
                throw .invalid(
                    field: field,
                    reason: "'\(text)' is not a frequency: use daily, weekly, N/week (1 to 7), weekdays such as "
                        + "mon,wed,fri (or monday,wednesday), or every-N-days")
            }
            days.append(index + 1)
        }
        let unique = Set(days).sorted()
        guard !unique.isEmpty else { throw .invalid(field: field, reason: "must not be empty") }
        return unique.count == 7 ? .daily : .weekdays(unique)
    }

    /// The same frequency with its numbers checked (for values that did not come through ``parse(_:field:)``).
    public func validated(field: String = "frequency") throws(TallyError) -> SkillFrequency {
        try Self.parse(description, field: field)
    }

    /// For people: "Daily", "2 times a week", "Mon, Wed, Fri", "Every 3 days".
    public var label: String {
        switch self {
        case .daily: "Daily"
        case .timesPerWeek(1): "Once a week"
        case .timesPerWeek(2): "Twice a week"
        case .timesPerWeek(let n): "\(n) times a week"
        case .weekdays(let days): days.map { String(Self.weekdayTitles[$0 - 1].prefix(3)) }.joined(separator: ", ")
        case .everyDays(let n): "Every \(n) days"
        }
    }
}

extension SkillFrequency: CustomStringConvertible {
    public var description: String {
        switch self {
        case .daily: "daily"
        case .timesPerWeek(let n): "\(n)/week"
        case .weekdays(let days): days.map { Self.weekdayNames[max(0, min(6, $0 - 1))] }.joined(separator: ",")
        case .everyDays(let n): "every-\(n)-days"
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
