/// The week view (B-012): a 7-day grid, a row per skill with its state each day, and each day's score.
public struct SkillWeekView: Hashable, Sendable {
    public struct Row: Hashable, Sendable {
        public let skill: Skill
        /// Seven entries, Monday first: the task of that day, nil when the day does not show the skill.
        public let tasks: [SkillTask?]
    }

    public let start: LocalDay
    public let days: [LocalDay]
    public let scores: [SkillDayScore]
    public let rows: [Row]
    public let total: SkillDayScore

    public init(book: SkillBook, containing day: LocalDay, today: LocalDay) {
        let first = SkillPeriods.weekStart(day)
        start = first
        let days = (0..<7).map { first.adding(days: $0) }
        self.days = days
        scores = days.map { $0 > today ? SkillDayScore() : book.score(on: $0) }
        rows = book.skills.indices.compactMap { index in
            let tasks = days.map { book.task(of: index, on: $0) }
            return tasks.contains { $0 != nil } ? Row(skill: book.skills[index], tasks: tasks) : nil
        }
        total = book.score(from: first, to: first.adding(days: 6), today: today)
    }

    public var label: String { SkillPeriods.weekLabel(start) }
}
