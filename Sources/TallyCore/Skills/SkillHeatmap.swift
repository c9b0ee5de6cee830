/// The GitHub-style grid of the last year (F-004): a column per Monday-first week, a row per weekday,
/// each day's intensity by how much of it was done.
public struct SkillHeatmap: Hashable, Sendable {
    public struct Cell: Hashable, Sendable {
        public let day: LocalDay
        public let score: SkillDayScore
        public let isFuture: Bool
        public var heatLevel: Int { isFuture ? 0 : score.heatLevel }
    }

    /// Weeks, oldest first; each holds seven cells, Monday first.
    public let weeks: [[Cell]]
    public let today: LocalDay

    /// The weeks that hold the 365 days ending `today` (53 of them, 54 when `today` falls so).
    public static func firstDay(today: LocalDay) -> LocalDay {
        let start = today.adding(days: -364)
        return start.adding(days: -(start.isoWeekday - 1))
    }

    public init(book: SkillBook, today: LocalDay) {
        self.today = today
        let first = Self.firstDay(today: today)
        let lastWeekStart = today.adding(days: -(today.isoWeekday - 1))
        var weeks: [[Cell]] = []
        var weekStart = first
        while weekStart <= lastWeekStart {
            weeks.append(
                (0..<7).map { offset in
                    let day = weekStart.adding(days: offset)
                    let future = day > today
                    return Cell(day: day, score: future ? SkillDayScore() : book.score(on: day), isFuture: future)
                })
            weekStart = weekStart.adding(days: 7)
        }
        self.weeks = weeks
    }

    public var cells: [Cell] { weeks.flatMap { $0 } }

    /// Every past day of the grid added up.
    public var total: SkillDayScore { cells.filter { !$0.isFuture }.reduce(SkillDayScore()) { $0 + $1.score } }
}
