/// The morning routine on one day: the four habits in the seed's order with their levels. A new day
/// starts with all four at none (the seed's daily reset) because levels belong to their day.
public struct RoutineDay: Hashable, Sendable {
    public struct Item: Hashable, Sendable {
        public let habit: RoutineHabit
        public let level: CompletionLevel
    }

    public let day: LocalDay
    public let items: [Item]

    public init(day: LocalDay, completions: [RoutineCompletion]) {
        self.day = day
        var levels: [RoutineHabit: CompletionLevel] = [:]
        for completion in completions where completion.day == day && !completion.meta.isDeleted {
            levels[completion.habit] = completion.level
        }
        items = RoutineHabit.allCases.map { Item(habit: $0, level: levels[$0] ?? .none) }
    }

    public var score: SkillDayScore {
        var score = SkillDayScore()
        for item in items { score.add(item.level) }
        return score
    }
}
