import Foundation

extension TallyBackup {
    /// Every record as read, unchecked and with the owners it came with: for callers that must look at
    /// the owners before ``records(for:now:)`` checks the fields and sets them.
    public var allRecords: [AnyRecord] {
        var result: [AnyRecord] = settings.map(AnyRecord.setting)
        result += bathroomEvents.map(AnyRecord.bathroomEvent)
        result += waterEntries.map(AnyRecord.waterEntry)
        result += waterGoals.map(AnyRecord.waterGoal)
        result += skills.map(AnyRecord.skill)
        result += skillCategories.map(AnyRecord.skillCategory)
        result += skillCompletions.map(AnyRecord.skillCompletion)
        result += routineCompletions.map(AnyRecord.routineCompletion)
        result += memorableMoments.map(AnyRecord.memorableMoment)
        result += trackers.map(AnyRecord.dateTracker)
        result += reminders.map(AnyRecord.reminder)
        result += events.map(AnyRecord.calendarEvent)
        result += journalEntries.map(AnyRecord.journalEntry)
        return result
    }
}
