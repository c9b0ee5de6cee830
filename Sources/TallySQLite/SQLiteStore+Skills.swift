import Foundation
import GRDB
import TallyCore
import TallyStorage

/// The skills tracker's reads (seed 004).
extension SQLiteStore {
    public func skillCompletion(owner: UUID, skillID: UUID, day: LocalDay) async throws -> SkillCompletion? {
        try await pool.read { db in
            try Row.fetchOne(
                db.cachedStatement(
                    sql: "SELECT * FROM skill_completions WHERE owner_id = ? AND skill_id = ? AND day_number = ?"),
                arguments: [owner, skillID, day.dayNumber]
            ).map(SkillCompletion.init(row:))
        }
    }

    public func skillMarks(owner: UUID, in range: ClosedRange<LocalDay>) async throws -> [SkillMark] {
        try await pool.read { db in
            var marks: [SkillMark] = []
            // One row per skill, its days packed as `day * 2 + full` in one text read from the covering
            // index: a year of 50 skills is 50 rows to decode instead of thousands, with no sort.
            let rows = try Row.fetchCursor(
                db.cachedStatement(
                    sql: """
                        SELECT skills.id, (
                            SELECT group_concat(day_number * 2 + (level = 'full'), ',') FROM skill_completions
                            WHERE owner_id = skills.owner_id AND skill_id = skills.id
                                AND day_number BETWEEN ? AND ? AND deleted = 0 AND level <> 'none')
                        FROM skills WHERE owner_id = ?
                        """),
                arguments: [range.lowerBound.dayNumber, range.upperBound.dayNumber, owner])
            while let row = try rows.next() {
                guard let id = UUID.fromDatabaseValue(row[0]) else { throw StoreFault.corrupt("skill completion") }
                guard let packed = row[1] as String? else { continue }
                for part in packed.utf8.split(separator: UInt8(ascii: ",")) {
                    var value = 0
                    var negative = false
                    for byte in part {
                        if byte == UInt8(ascii: "-") { negative = true } else { value = value * 10 + Int(byte) - 48 }
                    }
                    if negative { value = -value }
                    let day = LocalDay(dayNumber: value >> 1)
                    marks.append(SkillMark(skillID: id, day: day, level: value & 1 == 1 ? .full : .partial))
                }
            }
            return marks
        }
    }

    public func routineCompletions(owner: UUID, in range: ClosedRange<LocalDay>) async throws -> [RoutineCompletion] {
        try await pool.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: "SELECT * FROM routine_completions WHERE owner_id = ? AND day BETWEEN ? AND ? ORDER BY day"),
                arguments: [owner, range.lowerBound.description, range.upperBound.description]
            ).map(RoutineCompletion.init(row:))
        }
    }

}
