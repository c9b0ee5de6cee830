import Recurrence

/// Plain words for the common shapes of a rule ("Every 2 weeks on Mon, Wed", "Monthly on the last Friday");
/// anything else is shown as the rule itself.
public enum RecurrenceWording {
    static let dayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let fullDayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    static let ordinals = [1: "first", 2: "second", 3: "third", 4: "fourth", -1: "last"]

    public static func describe(_ text: String) -> String {
        guard let rule = try? RecurrenceRule(parsing: text) else { return text }
        let simple =
            rule.bySecond.isEmpty && rule.byMinute.isEmpty && rule.byHour.isEmpty && rule.byMonthDay.isEmpty
            && rule.byYearDay.isEmpty && rule.byWeekNumber.isEmpty && rule.byMonth.isEmpty
            && rule.bySetPosition.isEmpty
        guard simple else { return text }
        let unit: String
        switch rule.frequency {
        case .daily: unit = "day"
        case .weekly: unit = "week"
        case .monthly: unit = "month"
        case .yearly: unit = "year"
        default: return text
        }
        var words = rule.interval == 1 ? "Every \(unit)" : "Every \(rule.interval) \(unit)s"
        switch rule.frequency {
        case .weekly where !rule.byDay.isEmpty && rule.byDay.allSatisfy({ $0.ordinal == nil }):
            words += " on " + rule.byDay.map { dayNames[$0.weekday.rawValue] }.joined(separator: ", ")
        case .monthly where rule.byDay.count == 1:
            guard let ordinal = rule.byDay[0].ordinal, let name = ordinals[ordinal] else { return text }
            words += " on the \(name) \(fullDayNames[rule.byDay[0].weekday.rawValue])"
        default:
            guard rule.byDay.isEmpty else { return text }
        }
        if let count = rule.count { words += ", \(count) times" }
        if rule.until != nil { words += ", until a date" }
        return words
    }
}
