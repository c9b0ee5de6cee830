import Foundation
import TallyCore
import TallyServices

/// A skill in `--json` output.
struct SkillJSON: Encodable {
    let id: String
    let name: String
    let category: String
    let frequency: String
    let startDay: String
    let endDay: String?
    let challengeDays: Int?
    let target: String?
    let rollover: Bool
    let reviewReminder: Bool
    let archived: Bool
    let archivedOn: String?

    init(_ skill: Skill, today: LocalDay) {
        id = skill.id.text
        name = skill.name
        category = skill.fields.category
        frequency = skill.frequency.description
        startDay = skill.fields.startDay.description
        endDay = skill.fields.endDay?.description
        challengeDays = skill.fields.challengeDays
        target = skill.fields.target?.label
        rollover = skill.fields.rollover
        reviewReminder = skill.fields.reviewReminder
        archived = skill.isArchived(on: today)
        archivedOn = skill.archivedOn?.description
    }
}

/// A day's task in `--json` output.
struct SkillTaskJSON: Encodable {
    let skillId: String
    let name: String
    let category: String
    let level: String
    let due: Bool
    let rolledOverFrom: String?
    /// Set when the skill's rule made the day's completion: what it saw.
    let ruleDetail: String?

    init(_ task: SkillTask, ruleDetail: String? = nil) {
        skillId = task.skill.id.text
        name = task.skill.name
        category = task.skill.fields.category
        level = task.level.rawValue
        due = task.isDue
        rolledOverFrom = task.carriedFrom?.description
        self.ruleDetail = ruleDetail
    }
}

/// `tally skills --json`: a day's tasks.
struct SkillsDayJSON: Encodable {
    let day: String
    let tasks: [SkillTaskJSON]
    let done: Int
    let partial: Int
}

/// Counts and a percentage in `--json` output.
struct SkillScoreJSON: Encodable {
    let tasks: Int
    let full: Int
    let partial: Int
    let percent: Int

    init(_ score: SkillDayScore) {
        tasks = score.tasks
        full = score.full
        partial = score.partial
        percent = score.percent
    }
}

/// `tally skills progress --json`.
struct SkillsProgressJSON: Encodable {
    struct Entry: Encodable {
        let skill: SkillJSON
        let score: SkillScoreJSON
        let needsReview: Bool
    }

    let today: String
    let total: SkillScoreJSON
    let activeSkills: Int
    let archivedSkills: Int
    let daysTracked: Int
    let perfectDays: Int
    let skills: [Entry]
    /// The last year, oldest first: each day's heat level 0 to 4.
    let heatmap: [HeatJSON]

    struct HeatJSON: Encodable {
        let day: String
        let level: Int
    }
}

/// The morning routine of a day in `--json` output.
struct RoutineDayJSON: Encodable {
    struct Habit: Encodable {
        let id: String
        let name: String
        let level: String
    }

    let day: String
    let habits: [Habit]

    init(_ day: RoutineDay) {
        self.day = day.day.description
        habits = day.items.map { Habit(id: $0.habit.rawValue, name: $0.habit.name, level: $0.level.rawValue) }
    }
}

/// A memorable moment in `--json` output.
struct MomentJSON: Encodable {
    let id: String
    let title: String
    let description: String?
    let day: String
    let category: String
    let skillId: String?

    init(_ moment: MemorableMoment) {
        id = moment.id.text
        title = moment.title
        description = moment.details
        day = moment.day.description
        category = moment.category.rawValue
        skillId = moment.skillID?.text
    }
}
