/// The year view (B-012): twelve months, three columns by four rows, each with its percentage.
public struct SkillYearView: Hashable, Sendable {
    public struct Month: Hashable, Sendable {
        public let month: Int
        public let score: SkillDayScore
        public let isFuture: Bool
        public var name: String { SkillPeriods.monthName(month) }
    }

    public let year: Int
    public let months: [Month]
    public let total: SkillDayScore

    public init(book: SkillBook, year: Int, today: LocalDay) {
        self.year = year
        months = (1...12).map { month in
            let first = LocalDay(year: year, month: month, day: 1)!
            return Month(
                month: month, score: book.score(from: first, to: SkillPeriods.monthEnd(first), today: today),
                isFuture: first > today)
        }
        total = months.reduce(SkillDayScore()) { $0 + $1.score }
    }
}
