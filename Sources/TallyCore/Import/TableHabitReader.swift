import Foundation

/// Reads Table Habit's JSON export (`{"habits": [...], "groups": [...]}`) into habits: weekly, monthly
/// and custom frequencies, daily goals with their units, negative habits as upper limits, and each
/// record's reason as that day's note. Deleted habits are left out; skipped days are not completions.
public enum TableHabitReader {
    struct Export: Decodable {
        var habits: [Habit]
    }

    struct Habit: Decodable {
        var create_t: Int64?
        var type: Int?
        var status: Int?
        var name: String?
        var desc: String?
        var custom_color: Int64?
        var daily_goal: Double?
        var daily_goal_unit: String?
        var freq_type: Int?
        var freq_custom: String?
        var records: [Record]?
    }

    struct Record: Decodable {
        var record_date: Int
        var record_type: Int?
        var record_value: Double?
        var reason: String?
    }

    struct Frequency: Decodable {
        var type: Int
        var args: [Int]
    }

    public static func habits(from data: Data) throws(TallyError) -> [ImportedHabit] {
        let export = try ImportJSON.decode(Export.self, from: data, format: "Table Habit")
        var habits: [ImportedHabit] = []
        for (index, habit) in export.habits.enumerated() where habit.status != 2 {
            let place = "habits[\(index)]"
            guard let name = habit.name, !name.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw .unreadable("\(place): a habit has no name")
            }
            let goal = habit.daily_goal ?? 1
            let unit = habit.daily_goal_unit?.trimmingCharacters(in: .whitespaces) ?? ""
            let negative = habit.type == 2
            let measure =
                negative || goal != 1 || !unit.isEmpty
                ? ImportedHabit.Measure(target: goal, unit: unit, atMost: negative) : nil
            var days: [ImportedHabit.Day] = []
            for record in habit.records ?? [] {
                let level: CompletionLevel
                if record.record_type == 1 {
                    level = measure.map { $0.level(of: record.record_value ?? goal) } ?? .full
                } else {
                    level = .none
                }
                let note = record.reason?.trimmingCharacters(in: .whitespacesAndNewlines)
                guard level != .none || note?.isEmpty == false else { continue }
                days.append(
                    .init(
                        day: LocalDay(dayNumber: record.record_date), level: level,
                        note: note?.isEmpty == false ? note : nil))
            }
            habits.append(
                ImportedHabit(
                    key: habit.create_t.map { "\($0)" } ?? name, place: place, name: name, about: habit.desc,
                    rate: rate(habit), archived: habit.status == 3,
                    colour: habit.custom_color.flatMap { $0 == 0 ? nil : ImportedHabit.hex(argb: $0) },
                    measure: measure, days: days))
        }
        return habits
    }

    /// `freq_custom` holds `{"type": 1, "args": [3]}` (3 a week), type 2 a month, type 3 `[times, days]`.
    static func rate(_ habit: Habit) -> HabitRate {
        let frequency = habit.freq_custom.flatMap { try? JSONDecoder().decode(Frequency.self, from: Data($0.utf8)) }
        let times = frequency?.args.first ?? 1
        switch frequency?.type ?? habit.freq_type {
        case 1: return HabitRate(times: times, days: 7)
        case 2: return HabitRate(times: times, days: 30)
        case 3 where (frequency?.args.count ?? 0) >= 2: return HabitRate(times: times, days: frequency!.args[1])
        default: return .daily
        }
    }
}
