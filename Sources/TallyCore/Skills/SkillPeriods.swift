/// The Monday-first weeks and calendar months the progress views are drawn in.
public enum SkillPeriods {
    /// The Monday of `day`'s ISO week.
    public static func weekStart(_ day: LocalDay) -> LocalDay { day.adding(days: -(day.isoWeekday - 1)) }

    public static func monthEnd(_ day: LocalDay) -> LocalDay {
        LocalDay(year: day.year, month: day.month, day: LocalDay.daysIn(month: day.month, year: day.year))!
    }

    /// The first day of the month `months` after `day`'s month.
    public static func addingMonths(_ months: Int, to day: LocalDay) -> LocalDay {
        let index = day.year * 12 + (day.month - 1) + months
        return LocalDay(year: index / 12, month: index % 12 + 1, day: 1)!
    }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    public static func monthName(_ month: Int) -> String { monthNames[month - 1] }

    /// "Dec 15 - 21", or "Dec 29 - Jan 4" across a month's end (B-010).
    public static func weekLabel(_ start: LocalDay) -> String {
        let end = start.adding(days: 6)
        let head = "\(monthName(start.month)) \(start.day)"
        return end.month == start.month ? "\(head) - \(end.day)" : "\(head) - \(monthName(end.month)) \(end.day)"
    }
}
