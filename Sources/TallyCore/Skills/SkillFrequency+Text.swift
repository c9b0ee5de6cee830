import Foundation

/// Reading a frequency's text form, exactly: a word that merely starts like a weekday or a period is
/// refused with the accepted forms listed, never taken for something near it.
extension SkillFrequency {
    /// What the accepted forms are, for error messages.
    static let acceptedForms =
        "use daily, weekly, N/week (1 to 7), weekdays such as mon,wed,fri (or monday,wednesday), every-N-days, "
        + "monthly, N/month (1 to 31), or days of the month such as day-1,15"

    /// Reads the text form; `weekly`, `twice-a-week`, `monthly` and `twice-a-month` are accepted too.
    /// A count outside its range, an unknown weekday or anything else is an error naming `field`.
    public static func parse(_ text: String, field: String = "frequency") throws(TallyError) -> SkillFrequency {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        switch trimmed {
        case "daily", "every-day", "everyday": return .daily
        case "weekly", "once-a-week": return .timesPerWeek(1)
        case "twice-a-week": return .timesPerWeek(2)
        case "monthly", "once-a-month": return .timesPerMonth(1)
        case "twice-a-month": return .timesPerMonth(2)
        default: break
        }
        if trimmed.hasSuffix("/week") {
            let count = try count(trimmed.dropLast("/week".count), text, field: field, example: "2/week")
            guard (1...7).contains(count) else {
                throw .invalid(field: field, reason: "\(count) times a week is not possible: use 1 to 7")
            }
            return .timesPerWeek(count)
        }
        if trimmed.hasSuffix("/month") {
            let count = try count(trimmed.dropLast("/month".count), text, field: field, example: "2/month")
            guard (1...31).contains(count) else {
                throw .invalid(field: field, reason: "\(count) times a month is not possible: use 1 to 31")
            }
            return .timesPerMonth(count)
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
        for prefix in ["days-", "day-"] where trimmed.hasPrefix(prefix) {
            return try monthDays(trimmed.dropFirst(prefix.count), text, field: field)
        }
        return try weekdays(trimmed, text, field: field)
    }

    /// Days of the month in their text form ("1,15" or "1 15"), each 1 to 31.
    public static func monthDays(
        _ list: some StringProtocol, field: String = "frequency"
    ) throws(TallyError)
        -> SkillFrequency
    {
        try monthDays(list, String(list), field: field)
    }

    private static func monthDays(
        _ list: some StringProtocol, _ text: String, field: String
    ) throws(TallyError)
        -> SkillFrequency
    {
        var days: [Int] = []
        for part in list.split(whereSeparator: { $0 == "," || $0 == " " }) {
            guard let day = Int(part), (1...31).contains(day) else {
                throw .invalid(
                    field: field, reason: "'\(part)' in '\(text)' is not a day of the month: use 1 to 31")
            }
            days.append(day)
        }
        guard !days.isEmpty else {
            throw .invalid(field: field, reason: "give at least one day of the month, such as day-1,15")
        }
        return .monthDays(Set(days).sorted())
    }

    private static func count(
        _ number: Substring, _ text: String, field: String, example: String
    ) throws(TallyError) -> Int {
        guard let count = Int(number.trimmingCharacters(in: CharacterSet(charactersIn: " x"))) else {
            throw .invalid(field: field, reason: "'\(text)' is not a count such as \(example)")
        }
        return count
    }

    private static func weekdays(
        _ trimmed: String, _ text: String, field: String
    ) throws(TallyError)
        -> SkillFrequency
    {
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
                throw .invalid(field: field, reason: "'\(text)' is not a frequency: \(acceptedForms)")
            }
            days.append(index + 1)
        }
        let unique = Set(days).sorted()
        guard !unique.isEmpty else { throw .invalid(field: field, reason: "must not be empty") }
        return unique.count == 7 ? .daily : .weekdays(unique)
    }
}
