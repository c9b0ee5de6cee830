/// The month view (B-012): a calendar grid of 7 columns, Monday first, each day with its score.
public struct SkillMonthView: Hashable, Sendable {
    public struct Day: Hashable, Sendable {
        public let day: LocalDay
        public let score: SkillDayScore
        public let isToday: Bool
        public let isFuture: Bool
    }

    public let year: Int
    public let month: Int
    public let days: [Day]
    public let total: SkillDayScore

    public init(book: SkillBook, year: Int, month: Int, today: LocalDay) {
        self.year = year
        self.month = month
        let first = LocalDay(year: year, month: month, day: 1)!
        let last = SkillPeriods.monthEnd(first)
        days = (0...first.days(to: last)).map { offset in
            let day = first.adding(days: offset)
            let future = day > today
            return Day(
                day: day, score: future ? SkillDayScore() : book.score(on: day), isToday: day == today,
                isFuture: future)
        }
        total = days.reduce(SkillDayScore()) { $0 + $1.score }
    }

    /// Empty cells before the 1st in a Monday-first grid.
    public var leadingBlanks: Int { days[0].day.isoWeekday - 1 }

    /// "Dec 2026".
    public var label: String { "\(SkillPeriods.monthName(month)) \(year)" }
}
