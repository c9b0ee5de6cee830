import TallyCore

/// Days and times in words for the pages.
enum DayText {
    static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    /// `Sunday, 22 November 2026`.
    static func heading(_ day: LocalDay) -> String {
        "\(weekdays[day.isoWeekday - 1]), \(day.day) \(months[day.month - 1]) \(day.year)"
    }

    /// `22 Nov`.
    static func short(_ day: LocalDay) -> String { "\(day.day) \(months[day.month - 1].prefix(3))" }

    /// `November 2026`.
    static func month(year: Int, month: Int) -> String { "\(months[month - 1]) \(year)" }

    /// `Today`, `Yesterday`, or the heading.
    static func relative(_ day: LocalDay, today: LocalDay) -> String {
        switch day.days(to: today) {
        case 0: "Today · \(heading(day))"
        case 1: "Yesterday · \(heading(day))"
        default: heading(day)
        }
    }

    /// The value of a `datetime-local` input: `2026-11-22T09:21`.
    static func inputValue(_ local: LocalDateTime) -> String { local.minuteText }

    static func count(_ n: Int, _ singular: String, _ plural: String) -> String {
        "\(n) \(n == 1 ? singular : plural)"
    }
}
