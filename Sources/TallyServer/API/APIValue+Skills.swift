import Foundation
import TallyCore
import TallyServices

/// Conversions between the generated skills types and the domain.
extension APIValue {
    static func skill(_ skill: Skill, today: LocalDay) -> Components.Schemas.Skill {
        let fields = skill.fields
        let draft = SkillDraft(skill)
        return .init(
            id: skill.id.text, name: skill.name, category: fields.category,
            frequency: fields.frequency.description, frequencyLabel: fields.frequency.label,
            startDay: fields.startDay.description, endDay: fields.endDay?.description,
            challengeDays: fields.challengeDays, target: fields.target?.label, rollover: fields.rollover,
            reviewReminder: fields.reviewReminder, archived: skill.isArchived(on: today),
            archivedOn: skill.archivedOn?.description, needsReview: skill.needsReview(on: today),
            start: draft.start?.description, end: draft.end?.description, days: draft.days,
            targetAmount: draft.targetAmount, targetUnit: draft.targetUnit,
            targetPeriod: draft.targetPeriod.map { targetPeriod($0) })
    }

    static func skillDraft(_ input: Components.Schemas.SkillInput) throws(TallyError) -> SkillDraft {
        func day(_ text: String?, _ field: String) throws(TallyError) -> LocalDay? {
            try text.map { text throws(TallyError) in try LocalDay.parse(text, field: field) }
        }
        return SkillDraft(
            name: input.name, category: input.category, frequency: input.frequency,
            start: try day(input.start, "start"),
            end: try day(input.end, "end"), days: input.days, targetAmount: input.targetAmount,
            targetUnit: input.targetUnit, targetPeriod: input.targetPeriod.flatMap { targetPeriod($0) },
            rollover: input.rollover ?? false, reviewReminder: input.reviewReminder ?? false)
    }

    static func task(_ task: SkillTask, ruleDetail: String? = nil) -> Components.Schemas.SkillTask {
        .init(
            skillId: task.skill.id.text, name: task.skill.name, category: task.skill.fields.category,
            level: level(task.level), due: task.isDue, rolledOverFrom: task.carriedFrom?.description,
            ruleDetail: ruleDetail)
    }

    static func score(_ score: SkillDayScore) -> Components.Schemas.SkillScore {
        .init(
            tasks: score.tasks, full: score.full, partial: score.partial, percent: score.percent,
            heatLevel: score.heatLevel)
    }

    static func dayScore(_ day: LocalDay, _ score: SkillDayScore) -> Components.Schemas.SkillsDayScore {
        .init(day: day.description, score: self.score(score))
    }

    static func routine(_ day: RoutineDay) -> Components.Schemas.RoutineDay {
        .init(
            day: day.day.description,
            habits: day.items.map { .init(id: $0.habit.rawValue, name: $0.habit.name, level: level($0.level)) })
    }

    static func moment(_ moment: MemorableMoment) -> Components.Schemas.Moment {
        .init(
            id: moment.id.text, title: moment.title, description: moment.details, day: moment.day.description,
            category: category(moment.category), skillId: moment.skillID?.text)
    }

    static func optionalDay(_ text: String?, field: String) throws(TallyError) -> LocalDay? {
        try text.map { text throws(TallyError) in try LocalDay.parse(text, field: field) }
    }
}
