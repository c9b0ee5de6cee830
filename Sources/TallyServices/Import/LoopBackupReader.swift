import Foundation
import GRDB
import TallyCore

/// Reads Loop Habit Tracker's SQLite backup, of any schema version from before the `value` column (16)
/// to the current one: habits from `Habits`, checkmarks and notes from `Repetitions`. The file is opened
/// read-only and never changed.
enum LoopBackupReader {
    static func habits(at url: URL) throws -> [ImportedHabit] {
        let name = url.lastPathComponent
        var configuration = Configuration()
        configuration.readonly = true
        do {
            let queue = try DatabaseQueue(path: url.path, configuration: configuration)
            return try queue.read { db in
                let missing = try missingParts(db)
                guard missing.isEmpty else {
                    throw TallyError.unreadable(
                        "\(name) is an SQLite database but not a Loop Habit Tracker backup: "
                            + missing.joined(separator: ", and "))
                }
                let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                let days = try checkmarks(db)
                return try habitRows(db).map { row in try habit(row, version: version, days: days) }
            }
        } catch let error as TallyError {
            throw error
        } catch let error as DatabaseError {
            throw TallyError.unreadable(
                "\(name) is not a readable Loop Habit Tracker backup: \(error.message ?? "\(error)")")
        }
    }

    /// The tables and columns every version of Loop's backup has.
    static let required = [
        ("Habits", ["id", "name", "freq_num", "freq_den"]), ("Repetitions", ["habit", "timestamp"]),
    ]

    /// What the database lacks of ``required``, in words ("it has no Repetitions table"), each once.
    static func missingParts(_ db: Database) throws -> [String] {
        var missing: [String] = []
        for (table, columns) in required {
            guard try db.tableExists(table) else {
                missing.append("it has no \(table) table")
                continue
            }
            let present = Set(try db.columns(in: table).map { $0.name.lowercased() })
            let absent = columns.filter { !present.contains($0) }
            guard !absent.isEmpty else { continue }
            let list =
                absent.count == 1 ? absent[0] : absent.dropLast().joined(separator: ", ") + " and " + absent.last!
            missing.append(
                "its \(table) table lacks the \(absent.count == 1 ? "column" : "columns") \(list) that Loop's has "
                    + "(\(columns.joined(separator: ", ")))")
        }
        return missing
    }

    /// A habit's stored row, read by column name (older versions lack some).
    struct HabitRow {
        var id: Int64
        var values: [String: DatabaseValue]

        func text(_ column: String) -> String? { values[column].flatMap { String.fromDatabaseValue($0) } }
        func integer(_ column: String) -> Int64? { values[column].flatMap { Int64.fromDatabaseValue($0) } }
        func number(_ column: String) -> Double? { values[column].flatMap { Double.fromDatabaseValue($0) } }
    }

    struct Checkmark {
        var day: LocalDay
        var value: Int
        var note: String?
    }

    static func habitRows(_ db: Database) throws -> [HabitRow] {
        let rows = try Row.fetchAll(db, sql: "SELECT * FROM Habits ORDER BY position, id")
        return rows.map { row in
            var values: [String: DatabaseValue] = [:]
            for (column, value) in row { values[column.lowercased()] = value }
            return HabitRow(id: row["id"] ?? 0, values: values)
        }
    }

    /// Every habit's checkmarks, by habit id. A backup from before schema 16 has no values: a stored
    /// repetition is a yes by hand.
    static func checkmarks(_ db: Database) throws -> [Int64: [Checkmark]] {
        let columns = Set(try db.columns(in: "Repetitions").map { $0.name.lowercased() })
        let value = columns.contains("value") ? "value" : "\(LoopHabitValues.yesManual)"
        let notes = columns.contains("notes") ? "notes" : "NULL"
        var result: [Int64: [Checkmark]] = [:]
        let cursor = try Row.fetchCursor(
            db,
            sql:
                "SELECT habit, timestamp, \(value) AS value, \(notes) AS notes FROM Repetitions ORDER BY habit, timestamp"
        )
        while let row = try cursor.next() {
            guard let habit = row["habit"] as Int64?, let timestamp = row["timestamp"] as Int64? else { continue }
            let note = (row["notes"] as String?)?.trimmingCharacters(in: .whitespacesAndNewlines)
            result[habit, default: []].append(
                Checkmark(
                    day: LoopHabitValues.day(ofTimestamp: timestamp), value: row["value"] ?? LoopHabitValues.yesManual,
                    note: note?.isEmpty == false ? note : nil))
        }
        return result
    }

    static func habit(_ row: HabitRow, version: Int, days: [Int64: [Checkmark]]) throws -> ImportedHabit {
        let name = row.text("name") ?? ""
        let denominator = Int(row.integer("freq_den") ?? 1)
        let measure = LoopHabitValues.measure(
            type: Int(row.integer("type") ?? 0), targetType: Int(row.integer("target_type") ?? 0),
            targetValue: row.number("target_value") ?? 0, unit: row.text("unit") ?? "", denominator: denominator)
        let about = [row.text("question"), row.text("description")]
            .compactMap { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        let marks = (days[row.id] ?? []).map { mark in
            ImportedHabit.Day(
                day: mark.day, level: LoopHabitValues.level(of: mark.value, measure: measure), note: mark.note)
        }
        return ImportedHabit(
            key: row.text("uuid").map { "uuid \($0)" } ?? "id \(row.id)", place: "habit \(row.id) of the Habits table",
            name: name, about: about.isEmpty ? nil : about.joined(separator: "\n\n"),
            rate: LoopHabitValues.rate(
                numerator: Int(row.integer("freq_num") ?? 1), denominator: denominator, measured: measure != nil),
            archived: (row.integer("archived") ?? 0) != 0,
            colour: row.integer("color").flatMap { LoopHabitValues.colour($0, schemaVersion: version) },
            measure: measure, days: marks.filter { $0.level != .none || $0.note != nil })
    }
}
