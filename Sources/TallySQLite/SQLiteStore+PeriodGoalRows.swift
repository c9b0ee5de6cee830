import Foundation
import GRDB
import TallyCore
import TallyStorage

// Rows of the kinds migration 019 added: weekly and monthly water goals, and settings kept by name.

extension WaterPeriodGoal {
    init(row: Row) throws {
        guard let period = WaterPeriod(rawValue: row["period"]), let day = LocalDay(row["effective_day"] as String)
        else { throw StoreFault.corrupt("weekly or monthly water goal") }
        self.init(meta: try RecordMeta(row: row), period: period, effectiveFrom: day, goalML: row["goal_ml"])
    }
}

extension NamedSetting {
    init(row: Row) throws {
        self.init(meta: try RecordMeta(row: row), name: row["name"], value: row["value"])
    }
}

extension SQLiteStore {
    static func row(_ goal: WaterPeriodGoal, sequence: Int64) -> RowValues {
        var columns = goal.meta.columns
        columns["period"] = goal.period.rawValue.databaseValue
        columns["effective_day"] = goal.effectiveFrom.description.databaseValue
        columns["goal_ml"] = goal.goalML.databaseValue
        columns["sequence"] = sequence.databaseValue
        return columns
    }

    static func row(_ setting: NamedSetting, sequence: Int64) -> RowValues {
        var columns = setting.meta.columns
        columns["name"] = setting.name.databaseValue
        columns["value"] = setting.value.databaseValue
        columns["sequence"] = sequence.databaseValue
        return columns
    }
}
