/// Insights per skill (B-009): this month against last, the best weekday, and the rate month by month.
public struct SkillInsights: Hashable, Sendable {
    public enum Trend: String, Hashable, Sendable {
        case up, down, steady, new
    }

    public struct Entry: Hashable, Sendable {
        public let skill: Skill
        public let thisMonth: SkillDayScore
        public let lastMonth: SkillDayScore
        /// ISO weekday (1 is Monday) with the highest completion rate over the last 12 weeks, or nil.
        public let bestWeekday: Int?
        /// The last six months, oldest first: the first day of the month and its score.
        public let monthly: [(month: LocalDay, score: SkillDayScore)]

        /// Up or down when the rate moved by at least 5 points; new when last month had no tasks.
        public var trend: Trend {
            if lastMonth.tasks == 0 { return .new }
            let change = thisMonth.percent - lastMonth.percent
            return change >= 5 ? .up : change <= -5 ? .down : .steady
        }

        public static func == (lhs: Entry, rhs: Entry) -> Bool {
            lhs.skill == rhs.skill && lhs.thisMonth == rhs.thisMonth && lhs.lastMonth == rhs.lastMonth
                && lhs.bestWeekday == rhs.bestWeekday && lhs.monthly.map(\.score) == rhs.monthly.map(\.score)
        }

        public func hash(into hasher: inout Hasher) { hasher.combine(skill.id) }
    }

    public let entries: [Entry]

    public init(book: SkillBook, today: LocalDay) {
        let thisStart = SkillPeriods.monthStart(today)
        let lastStart = SkillPeriods.addingMonths(-1, to: today)
        entries = book.skills.indices.compactMap { index in
            let skill = book.skills[index]
            guard !skill.isArchived(on: today) else { return nil }
            let monthly = (0..<6).reversed().map { back in
                let first = SkillPeriods.addingMonths(-back, to: today)
                return (first, book.score(of: index, from: first, to: SkillPeriods.monthEnd(first), today: today))
            }
            return Entry(
                skill: skill,
                thisMonth: book.score(of: index, from: thisStart, to: today, today: today),
                lastMonth: book.score(of: index, from: lastStart, to: thisStart.adding(days: -1), today: today),
                bestWeekday: Self.bestWeekday(book: book, index: index, today: today), monthly: monthly)
        }
    }

    /// The weekday whose counted tasks went best over the last 12 weeks; the earlier weekday on a tie.
    static func bestWeekday(book: SkillBook, index: Int, today: LocalDay) -> Int? {
        var scores = Array(repeating: SkillDayScore(), count: 7)
        for back in 0..<84 {
            let day = today.adding(days: -back)
            scores[day.isoWeekday - 1] =
                scores[day.isoWeekday - 1] + book.score(of: index, from: day, to: day, today: today)
        }
        var best: Int?
        for weekday in 0..<7 where scores[weekday].full + scores[weekday].partial > 0 {
            if best == nil || scores[weekday].ratio > scores[best!].ratio { best = weekday }
        }
        return best.map { $0 + 1 }
    }
}
