import CSV
import Foundation
import TallyCore
import ZIPFoundation

/// Reads Loop Habit Tracker's CSV export: `Habits.csv` for the habits, and each habit's
/// `NNN name/Checkmarks.csv` (`Date,Value,Notes`) for its days, in any of the three spellings of a value
/// Loop has written. The all-habits `Checkmarks.csv` and the scores are not needed.
enum LoopCSVReader {
    static func habits(in archive: Archive, named name: String) throws -> [ImportedHabit] {
        guard let list = ImportFile.habitsCSV(in: archive) else {
            throw TallyError.unreadable("\(name) has no Habits.csv: it is not a Loop Habit Tracker CSV export")
        }
        let root = String(list.path.dropLast("Habits.csv".count))
        var folders: [Int: Entry] = [:]
        for entry in archive where entry.type == .file && entry.path.hasPrefix(root) {
            let parts = entry.path.dropFirst(root.count).split(separator: "/")
            guard parts.count == 2, parts[1] == "Checkmarks.csv", let number = Int(parts[0].prefix { $0.isNumber })
            else { continue }
            folders[number] = entry
        }
        let rows = try CSVTable(try text(of: list, in: archive, named: name), name: "Habits.csv")
        return try rows.records.enumerated().map { index, record in
            let place = "row \(index + 2) of Habits.csv"
            let habitName = record["Name"] ?? ""
            let position = Int(record["Position"] ?? "") ?? index + 1
            let numerator = Int(record["FrequencyNumerator"] ?? record["NumRepetitions"] ?? "") ?? 1
            let denominator = Int(record["FrequencyDenominator"] ?? record["Interval"] ?? "") ?? 1
            let type = (record["Type"] ?? "").uppercased()
            let targetType = (record["Target Type"] ?? "").uppercased()
            let measure = LoopHabitValues.measure(
                type: type == "NUMERICAL" || type == "NUMERIC" || type == "1" ? 1 : 0,
                targetType: targetType == "AT_MOST" || targetType == "1" ? 1 : 0,
                targetValue: Double(record["Target Value"] ?? "") ?? 0, unit: record["Unit"] ?? "",
                denominator: denominator)
            var days: [ImportedHabit.Day] = []
            if let entry = folders[position] {
                days = try checkmarks(
                    try text(of: entry, in: archive, named: name), file: entry.path, measure: measure)
            }
            let about = [record["Question"], record["Description"]].compactMap { $0 }.filter { !$0.isEmpty }
            return ImportedHabit(
                key: "csv \(position) \(habitName)", place: place, name: habitName,
                about: about.isEmpty ? nil : about.joined(separator: "\n\n"),
                rate: LoopHabitValues.rate(numerator: numerator, denominator: denominator, measured: measure != nil),
                archived: (record["Archived?"] ?? "").lowercased() == "true",
                colour: record["Color"].flatMap(LoopHabitValues.colour(text:)), measure: measure, days: days)
        }
    }

    /// A habit's `Checkmarks.csv`, with or without its header row.
    static func checkmarks(_ text: String, file: String, measure: ImportedHabit.Measure?) throws -> [ImportedHabit.Day]
    {
        let reader: CSVReader
        do {
            reader = try CSVReader(string: text, hasHeaderRow: false)
        } catch {
            throw TallyError.unreadable("\(file) is not a readable CSV file: \(error)")
        }
        var days: [ImportedHabit.Day] = []
        var row = 0
        while let fields = reader.next() {
            row += 1
            guard let date = fields.first?.trimmingCharacters(in: .whitespaces), !date.isEmpty else { continue }
            guard let day = LocalDay(date) else {
                if row == 1 { continue }  // the header
                throw TallyError.unreadable("row \(row) of \(file): '\(date)' is not a date YYYY-MM-DD")
            }
            let valueText = fields.count > 1 ? fields[1] : ""
            guard let value = LoopHabitValues.value(valueText) else {
                throw TallyError.unreadable("row \(row) of \(file): '\(valueText)' is not a checkmark value")
            }
            let note = fields.count > 2 ? fields[2].trimmingCharacters(in: .whitespacesAndNewlines) : ""
            // The CSV lists Loop's worked-out checkmarks too: YES_AUTO is a day the person did not do it
            // and was not expected to (Loop's Entry.kt), so it is no completion; its backup holds only
            // what the person entered, and both must import the same.
            let level =
                measure == nil && value == LoopHabitValues.yesAuto
                ? .none : LoopHabitValues.level(of: value, measure: measure)
            guard level != .none || !note.isEmpty else { continue }
            days.append(.init(day: day, level: level, note: note.isEmpty ? nil : note))
        }
        return days
    }

    static func text(of entry: Entry, in archive: Archive, named name: String) throws -> String {
        var data = Data()
        try ImportFile.extract(entry, from: archive, named: name) { data.append($0) }
        return String(decoding: data, as: UTF8.self)
    }
}

/// A CSV file with a header row, read whole: its records by column name.
struct CSVTable {
    var records: [[String: String]] = []

    init(_ text: String, name: String) throws {
        let reader: CSVReader
        do {
            reader = try CSVReader(string: text, hasHeaderRow: true, trimFields: false)
        } catch {
            throw TallyError.unreadable("\(name) is not a readable CSV file: \(error)")
        }
        let header = (reader.headerRow ?? []).map {
            $0.trimmingCharacters(in: CharacterSet.whitespaces.union(["\u{FEFF}"]))
        }
        while let fields = reader.next() {
            guard fields.contains(where: { !$0.isEmpty }) else { continue }
            var record: [String: String] = [:]
            for (column, value) in zip(header, fields) where !column.isEmpty { record[column] = value }
            records.append(record)
        }
    }
}
