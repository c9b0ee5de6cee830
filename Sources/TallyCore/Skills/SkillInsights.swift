/// Insights per skill (seed 004, B-009: analytics, improvement trends, insight into progression), drawn
/// from the person's own history and silent until there is enough of it to mean something.
///
/// Each active skill gets its figures (the last eight weeks, the last six months, each weekday over the
/// last twelve weeks) and, from them, ``sentences``: how it is going over weeks and months, the
/// weekday pattern, and what the person could change. A skill with fewer than ``minimumDays`` days or
/// ``minimumTasks`` counted tasks says only how much more history it needs.
public struct SkillInsights: Hashable, Sendable {
    public enum Trend: String, Hashable, Sendable {
        case up, down, steady, new
    }

    /// Days since a skill's start, and counted tasks in the last twelve weeks, before anything is said.
    public static let minimumDays = 14
    public static let minimumTasks = 8
    /// Tasks a period (four weeks, a month, a weekday) needs before its rate is compared with another.
    public static let minimumPeriodTasks = 4
    /// Points a rate must move, or a weekday must trail the best, before it is worth a sentence.
    public static let trendPoints = 10
    public static let weekdayGap = 20

    public struct Entry: Hashable, Sendable {
        public let skill: Skill
        /// Days since the skill started (today counted), and its counted tasks in the last twelve weeks.
        public let daysTracked: Int
        public let recentTasks: Int
        /// The last 28 days and the 28 before them.
        public let lastFourWeeks: SkillDayScore
        public let fourWeeksBefore: SkillDayScore
        /// The last six months, oldest first: the first day of the month and its score.
        public let monthly: [MonthScore]
        /// Each ISO weekday's tasks over the last twelve weeks, Monday first.
        public let weekdays: [SkillDayScore]
        /// Times done (fully or partly) in each of the last four weeks, for a skill planned N times a week.
        public let timesPerWeek: Double

        public var hasEnoughHistory: Bool {
            daysTracked >= SkillInsights.minimumDays && recentTasks >= SkillInsights.minimumTasks
        }

        /// Up or down when the last four weeks moved by ``trendPoints`` against the four before; new
        /// when either has too few tasks to compare.
        public var trend: Trend {
            guard lastFourWeeks.tasks >= SkillInsights.minimumPeriodTasks,
                fourWeeksBefore.tasks >= SkillInsights.minimumPeriodTasks
            else { return .new }
            let change = lastFourWeeks.percent - fourWeeksBefore.percent
            return change >= SkillInsights.trendPoints ? .up : change <= -SkillInsights.trendPoints ? .down : .steady
        }

        public func hash(into hasher: inout Hasher) { hasher.combine(skill.id) }
    }

    public struct MonthScore: Hashable, Sendable {
        public let month: LocalDay
        public let score: SkillDayScore
    }

    public let entries: [Entry]

    public init(book: SkillBook, today: LocalDay) {
        entries = book.skills.indices.compactMap { index in
            let skill = book.skills[index]
            guard !skill.isArchived(on: today) else { return nil }
            func score(_ from: LocalDay, _ to: LocalDay) -> SkillDayScore {
                book.score(of: index, from: from, to: to, today: today)
            }
            let monthly = (0..<6).reversed().map { back in
                let first = SkillPeriods.addingMonths(-back, to: today)
                return MonthScore(month: first, score: score(first, SkillPeriods.monthEnd(first)))
            }
            var weekdays = Array(repeating: SkillDayScore(), count: 7)
            for back in 0..<84 {
                let day = today.adding(days: -back)
                weekdays[day.isoWeekday - 1] = weekdays[day.isoWeekday - 1] + score(day, day)
            }
            let lastFour = score(today.adding(days: -27), today)
            return Entry(
                skill: skill, daysTracked: max(0, skill.fields.startDay.days(to: today) + 1),
                recentTasks: score(today.adding(days: -83), today).tasks, lastFourWeeks: lastFour,
                fourWeeksBefore: score(today.adding(days: -55), today.adding(days: -28)), monthly: monthly,
                weekdays: weekdays, timesPerWeek: Double(lastFour.full + lastFour.partial) / 4)
        }
    }
}
