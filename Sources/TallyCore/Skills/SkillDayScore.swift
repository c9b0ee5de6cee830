/// How a day (or a run of days) went: the tasks that count, how many were done in full or in part.
public struct SkillDayScore: Hashable, Sendable {
    public var tasks = 0
    public var full = 0
    public var partial = 0
    /// Tasks the day showed (due, carried or done), counted or not: an N-times-a-week skill's day is shown
    /// while its quota is open, and counted only when missing it left the quota unmet.
    public var shown = 0

    public init(tasks: Int = 0, full: Int = 0, partial: Int = 0, shown: Int = 0) {
        self.tasks = tasks
        self.full = full
        self.partial = partial
        self.shown = shown
    }

    public var missed: Int { tasks - full - partial }

    /// Done over tasks, a partial task counting half; 0 with no tasks.
    public var ratio: Double { tasks == 0 ? 0 : (Double(full) + Double(partial) / 2) / Double(tasks) }

    /// The ratio as a whole percentage (rounded half up).
    public var percent: Int { Int((ratio * 100).rounded()) }

    /// GitHub-style intensity 0 to 4: 0 nothing done (grey), 1 to 3 lighter to darker as more is done,
    /// 4 every task done in full (the darkest).
    public var heatLevel: Int {
        if tasks == 0 || (full == 0 && partial == 0) { return 0 }
        if full == tasks { return 4 }
        let r = ratio
        if r < 1.0 / 3 { return 1 }
        if r < 2.0 / 3 { return 2 }
        return 3
    }

    /// The day's colour class in every view: none (grey), partial (light) or full (dark).
    public var level: CompletionLevel {
        if tasks > 0 && full == tasks { return .full }
        return full + partial > 0 ? .partial : .none
    }

    mutating func add(_ level: CompletionLevel) {
        tasks += 1
        switch level {
        case .full: full += 1
        case .partial: partial += 1
        case .none: break
        }
    }

    /// Scores are equal by what they count; ``shown`` only says how a day without counted tasks reads.
    public static func == (lhs: SkillDayScore, rhs: SkillDayScore) -> Bool {
        (lhs.tasks, lhs.full, lhs.partial) == (rhs.tasks, rhs.full, rhs.partial)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(tasks)
        hasher.combine(full)
        hasher.combine(partial)
    }

    public static func + (lhs: SkillDayScore, rhs: SkillDayScore) -> SkillDayScore {
        SkillDayScore(
            tasks: lhs.tasks + rhs.tasks, full: lhs.full + rhs.full, partial: lhs.partial + rhs.partial,
            shown: lhs.shown + rhs.shown)
    }
}
