/// A user's skills and their completions over a window: the one place that answers "what does this
/// day show" and "how did these days go", for every view.
public struct SkillBook: Sendable {
    public let skills: [Skill]
    public let log: SkillLog
    private let tracks: [SkillTrack]
    private let plans: [SkillPlan]

    /// `skills` in display order; tombstones are left out.
    public init(skills: [Skill], log: SkillLog) {
        self.skills = skills.filter { !$0.meta.isDeleted }.sorted {
            ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id)
        }
        self.log = log
        tracks = self.skills.map { log.track($0.id) }
        plans = self.skills.map(SkillPlan.init)
    }

    /// The tasks `day` shows, skills in name order.
    public func tasks(on day: LocalDay) -> [SkillTask] {
        skills.indices.compactMap { SkillTask.on(day, skill: skills[$0], plan: plans[$0], track: tracks[$0]) }
    }

    /// The tasks of one skill's row across days.
    public func task(of index: Int, on day: LocalDay) -> SkillTask? {
        SkillTask.on(day, skill: skills[index], plan: plans[index], track: tracks[index])
    }

    /// How `day` went across every skill.
    public func score(on day: LocalDay) -> SkillDayScore {
        let number = day.dayNumber
        var score = SkillDayScore()
        for index in plans.indices where plans[index].start <= number {
            let track = tracks[index]
            if SkillSchedule.counts(plans[index], number, track) { score.add(track.level(dayNumber: number)) }
            if SkillTask.on(day, skill: skills[index], plan: plans[index], track: track) != nil { score.shown += 1 }
        }
        return score
    }

    /// How the days `from...to` went, days after `today` left out, and today's tasks counted only once
    /// done in full or in part: the day is not over, so nothing of it is missed yet.
    public func score(from: LocalDay, to: LocalDay, today: LocalDay) -> SkillDayScore {
        let last = min(to, today)
        guard from <= last else { return SkillDayScore() }
        return (0...from.days(to: last)).reduce(SkillDayScore()) { total, offset in
            let day = from.adding(days: offset)
            var score = score(on: day)
            if day == today { score.tasks = score.full + score.partial }
            return total + score
        }
    }

    /// How one skill went over `from...to` (days after `today` left out): its counted tasks.
    public func score(of index: Int, from: LocalDay, to: LocalDay, today: LocalDay) -> SkillDayScore {
        let plan = plans[index]
        let track = tracks[index]
        let first = max(from.dayNumber, plan.start)
        let last = min(to, today).dayNumber
        var score = SkillDayScore()
        guard first <= last else { return score }
        for day in first...last where SkillSchedule.counts(plan, day, track) {
            let level = track.level(dayNumber: day)
            // Today's task is not missed before the day is over.
            if day == today.dayNumber, level == .none { continue }
            score.add(level)
        }
        return score
    }
}
