import TallyCore
import TallyServices

/// What the skills templates draw, shared by the skills pages.
enum SkillsViews {
    struct Task {
        let id: String
        let name: String
        let level: String
        let levelName: String
        let frequency: String
        let target: String?
        let carriedFrom: String?
        let rollover: Bool
        let partialNext: String
        let fullNext: String
        let isPartial: Bool
        let isFull: Bool
        let date: String
        let returnTo: String
        /// What the skill's rule saw, when the rule set the day ("done by rule: 2,150 ml").
        let ruleNote: String?

        init(_ task: SkillTask, returnTo: String, ruleDetail: String? = nil) {
            id = task.skill.id.text
            name = task.skill.name
            level = task.level.rawValue
            levelName =
                switch task.level {
                case .none: "not done"
                case .partial: "partly done"
                case .full: "done"
                }
            frequency = task.skill.frequency.label
            target = task.skill.fields.target?.label
            carriedFrom = task.carriedFrom.map(DayText.short)
            rollover = task.skill.fields.rollover
            isPartial = task.level == .partial
            isFull = task.level == .full
            // Pressing the button of the level a task already has takes it back to none.
            partialNext = isPartial ? "none" : "partial"
            fullNext = isFull ? "none" : "full"
            date = task.day.description
            self.returnTo = returnTo
            ruleNote = ruleDetail.flatMap { detail in
                switch task.level {
                case .none: nil
                case .partial: "partly done by rule: \(detail)"
                case .full: "done by rule: \(detail)"
                }
            }
        }
    }

    struct Group {
        let name: String
        let colour: String
        let icon: String
        let tasks: [Task]
    }

    struct Habit {
        let id: String
        let name: String
        let icon: String
        let colour: String
        let level: String
        let partialNext: String
        let fullNext: String
        let date: String
        let returnTo: String

        init(_ item: RoutineDay.Item, day: LocalDay, returnTo: String) {
            id = item.habit.rawValue
            name = item.habit.name
            icon = item.habit.icon
            colour = item.habit.colour
            level = item.level.rawValue
            partialNext = item.level == .partial ? "none" : "partial"
            fullNext = item.level == .full ? "none" : "full"
            date = day.description
            self.returnTo = returnTo
        }
    }

    struct Cell {
        let date: String
        let heat: Int
        let label: String
        let isFuture: Bool
    }

    static func cell(_ day: LocalDay, score: SkillDayScore, isFuture: Bool) -> Cell {
        let label =
            isFuture
            ? "\(DayText.short(day)): ahead"
            : score.tasks == 0
                ? score.shown > 0
                    ? "\(DayText.short(day)): not counted (a weekly quota's misses count on its week's last days)"
                    : "\(DayText.short(day)): no tasks"
                : "\(DayText.short(day)): \(score.percent)% (\(score.full) done, \(score.partial) partial of \(score.tasks))"
        return Cell(date: day.description, heat: isFuture ? 0 : score.heatLevel, label: label, isFuture: isFuture)
    }

    struct Category {
        let key: String
        let name: String
        let selected: Bool
    }

    static func categories(_ categories: SkillCategories, selected: String?) -> [Category] {
        categories.entries.map {
            Category(key: $0.key, name: $0.name, selected: $0.key == selected || $0.name == selected)
        }
    }
}
