import Foundation

/// Reads Table Habit's JSON export (`{"habits": [...], "groups": [...]}`) into habits: weekly, monthly
/// and custom frequencies, daily goals with their units, negative habits as upper limits, and each
/// record's reason as that day's note. Deleted habits are left out; skipped days are not completions.
public enum TableHabitReader {
    struct Export: Decodable {
        var habits: [Habit]
    }

    struct Habit: Decodable {
        var uuid: String?
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
        // A habit is known by its creation second, as before; where habits share it (Table Habit's own Loop
        // importer inserts many in one second) by its uuid, so they stay apart.
        var sharing: [Int64: Int] = [:]
        for habit in export.habits { if let created = habit.create_t { sharing[created, default: 0] += 1 } }
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
                    key: key(habit, index: index, name: name, sharing: sharing), place: place, name: name,
                    about: habit.desc,
                    rate: rate(habit), archived: habit.status == 3,
                    colour: habit.custom_color.flatMap { $0 == 0 ? nil : ImportedHabit.hex(argb: $0) },
                    measure: measure, days: days))
        }
        return habits
    }

    static func key(_ habit: Habit, index: Int, name: String, sharing: [Int64: Int]) -> String {
        guard let created = habit.create_t else { return habit.uuid ?? name }
        guard sharing[created, default: 0] > 1 else { return "\(created)" }
        return habit.uuid.map { "uuid:\($0)" } ?? "\(created)#\(index)"
    }

    /// `freq_type` is 1 (a week), 2 (a month) or 3 (custom); `freq_custom` holds its arguments: `[3]` (3 in
    /// the period) or, custom, `[times, days]`, as Table Habit's `habit_form.dart` writes them; older files
    /// wrote `{"type": 1, "args": [3]}`.
    static func rate(_ habit: Habit) -> HabitRate {
        var type = habit.freq_type
        var args: [Int] = []
        if let data = habit.freq_custom.map({ Data($0.utf8) }) {
            if let object = try? JSONDecoder().decode(Frequency.self, from: data) {
                (type, args) = (object.type, object.args)
            } else if let list = try? JSONDecoder().decode([Int].self, from: data) {
                args = list
            }
        }
        let times = max(args.first ?? 1, 1)
        switch type {
        case 1: return HabitRate(times: times, days: 7)
        case 2: return HabitRate(times: times, days: 30)
        case 3 where args.count >= 2 && args[1] > 0: return HabitRate(times: times, days: args[1])
        default: return .daily
        }
    }
}
