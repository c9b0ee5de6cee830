import Foundation

/// Reads Beaver Habit Tracker's JSON export into habits: a period of days, weeks, months or years with
/// a count to reach in it, archived habits, and each day's text as that day's note. Soft-deleted habits
/// are left out.
public enum BeaverReader {
    struct Export: Decodable {
        var habits: [Habit]
    }

    struct Habit: Decodable {
        var id: FlexibleKey?
        var name: String
        var status: String?
        var period: Period?
        var records: [Record]?
    }

    struct Period: Decodable {
        var period_type: String
        var period_count: Int?
        var target_count: Int?
    }

    struct Record: Decodable {
        var day: String
        var done: Bool?
        var text: String?
    }

    public static func habits(from data: Data) throws(TallyError) -> [ImportedHabit] {
        let export = try ImportJSON.decode(Export.self, from: data, format: "Beaver Habit Tracker")
        var habits: [ImportedHabit] = []
        for (index, habit) in export.habits.enumerated() where habit.status != "soft_delete" {
            let place = "habits[\(index)]"
            var days: [ImportedHabit.Day] = []
            for (position, record) in (habit.records ?? []).enumerated() {
                guard let day = LocalDay(record.day) else {
                    throw .unreadable("\(place).records[\(position)].day: '\(record.day)' is not a date YYYY-MM-DD")
                }
                let note = record.text?.trimmingCharacters(in: .whitespacesAndNewlines)
                let level: CompletionLevel = record.done == true ? .full : .none
                guard level != .none || note?.isEmpty == false else { continue }
                days.append(.init(day: day, level: level, note: note?.isEmpty == false ? note : nil))
            }
            habits.append(
                ImportedHabit(
                    key: habit.id?.text ?? habit.name, place: place, name: habit.name, rate: rate(habit.period),
                    archived: habit.status == "archive", days: days))
        }
        return habits
    }

    /// `target_count` times in `period_count` days (D), weeks (W), months (M) or years (Y).
    static func rate(_ period: Period?) -> HabitRate {
        guard let period else { return .daily }
        let length: Int
        switch period.period_type.uppercased() {
        case "W": length = 7
        case "M": length = 30
        case "Y": length = 365
        default: length = 1
        }
        return HabitRate(times: max(period.target_count ?? 1, 1), days: length * max(period.period_count ?? 1, 1))
    }
}
