/// Datekeeper's "time ago / time until" wording: "2 years, 3 months, 4 days ago", "in 5 days", "today".
///
/// Zero parts are left out. When every chosen unit reads zero the wording falls back to days ("in 5 days"
/// for a tracker shown in weeks), then to "today" on the same date; with hours, under an hour reads "less than an hour".
public enum RelativeTimeFormatter {
    public static func string(_ breakdown: TimeBreakdown) -> String {
        let shown = breakdown.parts.filter { $0.count > 0 }.map { $0.unit.phrase($0.count) }
        if !shown.isEmpty { return phrase(shown.joined(separator: ", "), breakdown.direction) }
        if breakdown.count(of: .hours) != nil {
            return breakdown.seconds < 60 ? "now" : phrase("less than an hour", breakdown.direction)
        }
        if breakdown.calendarDays > 0 {
            return phrase(DisplayUnit.days.phrase(breakdown.calendarDays), breakdown.direction)
        }
        return "today"
    }

    /// Just the amount, without "ago" or "in": "2 years, 3 months".
    public static func amount(_ breakdown: TimeBreakdown) -> String {
        let text = string(breakdown)
        if text.hasPrefix("in ") { return String(text.dropFirst(3)) }
        if text.hasSuffix(" ago") { return String(text.dropLast(4)) }
        return text
    }

    private static func phrase(_ amount: String, _ direction: TimeBreakdown.Direction) -> String {
        direction == .past ? "\(amount) ago" : "in \(amount)"
    }
}
