/// The home screen's interactive week (B-010): the Monday-first week holding the selected day, today
/// highlighted, each day with how it went, and the weeks either side.
public struct WeekCalendar: Hashable, Sendable {
    public struct Day: Hashable, Sendable {
        public let day: LocalDay
        public let score: SkillDayScore
        public let isToday: Bool
        public let isSelected: Bool
        public let isFuture: Bool
    }

    public let start: LocalDay
    public let days: [Day]

    public init(book: SkillBook, selected: LocalDay, today: LocalDay) {
        let first = SkillPeriods.weekStart(selected)
        start = first
        days = (0..<7).map { offset in
            let day = first.adding(days: offset)
            return Day(
                day: day, score: day > today ? SkillDayScore() : book.score(on: day), isToday: day == today,
                isSelected: day == selected, isFuture: day > today)
        }
    }

    /// "Dec 15 - 21".
    public var label: String { SkillPeriods.weekLabel(start) }

    /// The same weekday a week earlier and a week later, for the arrows.
    public func previous(from selected: LocalDay) -> LocalDay { selected.adding(days: -7) }
    public func next(from selected: LocalDay) -> LocalDay { selected.adding(days: 7) }
}
