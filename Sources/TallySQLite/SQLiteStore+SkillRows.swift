import Foundation
import GRDB
import TallyCore
import TallyStorage

/// How the skills tracker's records are stored, row by row.
extension Skill {
    init(row: Row) throws {
        guard let category = row["category"] as String?, let start = LocalDay(row["start_day"] as String),
            let frequency = try? SkillFrequency.parse(row["frequency"] as String)
        else { throw StoreFault.corrupt("skill") }
        var target: SkillTarget?
        if let amount = row["target_amount"] as Int?, let unit = row["target_unit"] as String?,
            let period = (row["target_period"] as String?).flatMap(SkillTarget.Period.init(rawValue:))
        {
            target = SkillTarget(amount: amount, unit: unit, period: period)
        }
        let fields = SkillFields(
            name: row["name"], category: category, frequency: frequency, startDay: start,
            endDay: (row["end_day"] as String?).flatMap(LocalDay.init), challengeDays: row["challenge_days"],
            target: target, rollover: row["rollover"], reviewReminder: row["review_reminder"])
        self.init(
            meta: try RecordMeta(row: row), fields: fields,
            archivedOn: (row["archived_on"] as String?).flatMap(LocalDay.init),
            reviewedOn: (row["reviewed_on"] as String?).flatMap(LocalDay.init))
    }
}

extension SkillCategory {
    init(row: Row) throws {
        guard let icon = SkillIcon(rawValue: row["icon"]) else { throw StoreFault.corrupt("skill category icon") }
        self.init(meta: try RecordMeta(row: row), name: row["name"], colour: row["colour"], icon: icon)
    }
}

extension SkillCompletion {
    init(row: Row) throws {
        guard let skill = UUID.fromDatabaseValue(row["skill_id"]), let level = CompletionLevel(rawValue: row["level"])
        else { throw StoreFault.corrupt("skill completion") }
        self.init(
            meta: try RecordMeta(row: row), skillID: skill, day: LocalDay(dayNumber: row["day_number"]), level: level,
            ruleDetail: row["rule_detail"])
    }
}

extension SkillRule {
    /// The rule's own fields, kept as JSON in one column: conditions are a list of shapes.
    struct Body: Codable {
        var conditions: [SkillCondition]
        var combination: Combination
        var partial: Bool
    }

    init(row: Row) throws {
        guard let skill = UUID.fromDatabaseValue(row["skill_id"]),
            let body = try? JSONDecoder().decode(Body.self, from: Data((row["rule"] as String).utf8))
        else { throw StoreFault.corrupt("skill rule") }
        self.init(
            meta: try RecordMeta(row: row), skillID: skill, conditions: body.conditions,
            combination: body.combination, partial: body.partial)
    }
}

extension RoutineCompletion {
    init(row: Row) throws {
        guard let habit = RoutineHabit(rawValue: row["habit"]), let day = LocalDay(row["day"] as String),
            let level = CompletionLevel(rawValue: row["level"])
        else { throw StoreFault.corrupt("routine completion") }
        self.init(meta: try RecordMeta(row: row), habit: habit, day: day, level: level)
    }
}

extension MemorableMoment {
    init(row: Row) throws {
        guard let day = LocalDay(row["day"] as String), let category = MomentCategory(rawValue: row["category"])
        else { throw StoreFault.corrupt("memorable moment") }
        self.init(
            meta: try RecordMeta(row: row), title: row["title"], details: row["details"], day: day,
            category: category, skillID: UUID.fromDatabaseValue(row["skill_id"]))
    }
}

extension SQLiteStore {
    static func row(_ skill: Skill, sequence: Int64) -> RowValues {
        var columns = skill.meta.columns
        let fields = skill.fields
        columns["name"] = fields.name.databaseValue
        columns["category"] = fields.category.databaseValue
        columns["frequency"] = fields.frequency.description.databaseValue
        columns["start_day"] = fields.startDay.description.databaseValue
        columns["end_day"] = fields.endDay?.description.databaseValue ?? .null
        columns["challenge_days"] = fields.challengeDays.databaseValue
        columns["target_amount"] = fields.target?.amount.databaseValue ?? .null
        columns["target_unit"] = fields.target?.unit.databaseValue ?? .null
        columns["target_period"] = fields.target?.period.rawValue.databaseValue ?? .null
        columns["rollover"] = fields.rollover.databaseValue
        columns["review_reminder"] = fields.reviewReminder.databaseValue
        columns["archived_on"] = skill.archivedOn?.description.databaseValue ?? .null
        columns["reviewed_on"] = skill.reviewedOn?.description.databaseValue ?? .null
        columns["sequence"] = sequence.databaseValue
        return columns
    }

    static func row(_ category: SkillCategory, sequence: Int64) -> RowValues {
        var columns = category.meta.columns
        columns["name"] = category.name.databaseValue
        columns["colour"] = category.colour.databaseValue
        columns["icon"] = category.icon.rawValue.databaseValue
        columns["sequence"] = sequence.databaseValue
        return columns
    }

    static func row(_ completion: SkillCompletion, sequence: Int64) -> RowValues {
        var columns = completion.meta.columns
        columns["skill_id"] = completion.skillID.databaseValue
        columns["day_number"] = completion.day.dayNumber.databaseValue
        columns["level"] = completion.level.rawValue.databaseValue
        columns["rule_detail"] = completion.ruleDetail?.databaseValue ?? .null
        columns["sequence"] = sequence.databaseValue
        return columns
    }

    static func row(_ rule: SkillRule, sequence: Int64) -> RowValues {
        var columns = rule.meta.columns
        columns["skill_id"] = rule.skillID.databaseValue
        let body = SkillRule.Body(conditions: rule.conditions, combination: rule.combination, partial: rule.partial)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        // Encoding these plain values cannot fail.
        columns["rule"] = String(decoding: (try? encoder.encode(body)) ?? Data("{}".utf8), as: UTF8.self).databaseValue
        columns["sequence"] = sequence.databaseValue
        return columns
    }

    static func row(_ completion: RoutineCompletion, sequence: Int64) -> RowValues {
        var columns = completion.meta.columns
        columns["habit"] = completion.habit.rawValue.databaseValue
        columns["day"] = completion.day.description.databaseValue
        columns["level"] = completion.level.rawValue.databaseValue
        columns["sequence"] = sequence.databaseValue
        return columns
    }

    static func row(_ moment: MemorableMoment, sequence: Int64) -> RowValues {
        var columns = moment.meta.columns
        columns["title"] = moment.title.databaseValue
        columns["details"] = moment.details.databaseValue
        columns["day"] = moment.day.description.databaseValue
        columns["category"] = moment.category.rawValue.databaseValue
        columns["skill_id"] = moment.skillID?.databaseValue ?? .null
        columns["sequence"] = sequence.databaseValue
        return columns
    }
}
