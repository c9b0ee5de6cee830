/// Completion per skill and overall (S-003): each skill's counted tasks from its start to today (or
/// to its end), and the totals with partial counts. No streaks: the seed removed them.
public struct SkillProgress: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        public let skill: Skill
        public let score: SkillDayScore
        public let isArchived: Bool
        public let needsReview: Bool
    }

    public let skills: [Entry]
    public let total: SkillDayScore
    public let activeCount: Int
    public let archivedCount: Int
    /// Days with at least one task, and of those the days where every task was done in full.
    public let daysTracked: Int
    public let perfectDays: Int

    public init(book: SkillBook, today: LocalDay) {
        skills = book.skills.indices.map { index in
            let skill = book.skills[index]
            return Entry(
                skill: skill,
                score: book.score(of: index, from: skill.fields.startDay, to: today, today: today),
                isArchived: skill.isArchived(on: today), needsReview: skill.needsReview(on: today))
        }
        total = skills.reduce(SkillDayScore()) { $0 + $1.score }
        archivedCount = skills.filter(\.isArchived).count
        activeCount = skills.count - archivedCount
        var tracked = 0
        var perfect = 0
        if let first = book.skills.map(\.fields.startDay).min(), first <= today {
            let from = max(first, book.log.first.adding(days: SkillLog.lookBack))
            if from <= today {
                for offset in 0...from.days(to: today) {
                    let score = book.score(on: from.adding(days: offset))
                    if score.tasks > 0 { tracked += 1 }
                    if score.tasks > 0 && score.full == score.tasks { perfect += 1 }
                }
            }
        }
        daysTracked = tracked
        perfectDays = perfect
    }
}
