import GRDB
import TallyCore

extension SQLiteStore {
    /// A kind found by a natural key holds one record per key (a setting per owner and key, a goal per day,
    /// a completion per skill or habit and day, a journal entry per day): a copy of it made on another
    /// replica, under another id, gives way to the one being stored.
    static func removeOtherCopies(of record: AnyRecord, _ db: Database) throws {
        let owner = record.meta.ownerID
        let id = record.meta.id
        switch record {
        case .setting(let setting):
            try db.cachedStatement(sql: "DELETE FROM settings WHERE owner_id = ? AND key = ? AND id <> ?")
                .execute(arguments: [owner, setting.key.rawValue, id])
        case .waterGoal(let goal):
            try db.cachedStatement(sql: "DELETE FROM water_goals WHERE owner_id = ? AND effective_day = ? AND id <> ?")
                .execute(arguments: [owner, goal.effectiveFrom.description, id])
        case .skillCompletion(let completion):
            try db.cachedStatement(
                sql: "DELETE FROM skill_completions WHERE owner_id = ? AND skill_id = ? AND day_number = ? AND id <> ?"
            ).execute(arguments: [owner, completion.skillID, completion.day.dayNumber, id])
        case .routineCompletion(let completion):
            try db.cachedStatement(
                sql: "DELETE FROM routine_completions WHERE owner_id = ? AND habit = ? AND day = ? AND id <> ?"
            ).execute(arguments: [owner, completion.habit.rawValue, completion.day.description, id])
        case .journalEntry(let entry):
            try db.cachedStatement(sql: "DELETE FROM journal_entries WHERE owner_id = ? AND day = ? AND id <> ?")
                .execute(arguments: [owner, entry.date.description, id])
        case .bathroomEvent, .waterEntry, .skill, .skillCategory, .memorableMoment, .dateTracker, .reminder,
            .calendarEvent:
            return
        }
    }
}
