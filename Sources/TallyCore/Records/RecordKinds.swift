/// Every kind of synced record, in the order backups and sync batches list them. A new kind is its type
/// (conforming to ``SyncedRecord``), one line here, its migrations and its service.
public enum RecordKinds {
    public static let all: [any SyncedRecord.Type] = [
        SettingRecord.self,
        BathroomEvent.self,
        WaterEntry.self,
        WaterGoal.self,
        WaterPeriodGoal.self,
        SkillCategory.self,
        Skill.self,
        SkillCompletion.self,
        RoutineCompletion.self,
        MemorableMoment.self,
        DateTracker.self,
        Reminder.self,
        CalendarEvent.self,
        JournalEntry.self,
        NotificationSetting.self,
        NamedSetting.self,
        SkillRule.self,
        SleepMark.self,
    ]

    private static let byID: [String: any SyncedRecord.Type] = Dictionary(
        uniqueKeysWithValues: all.map { ($0.kind.id, $0) })

    /// The kind with this identifier, or nil for one this version does not know.
    public static func type(withID id: String) -> (any SyncedRecord.Type)? { byID[id] }

    /// The kind with this identifier, or nil for one this version does not know.
    public static func kind(withID id: String) -> RecordKind? { byID[id]?.kind }
}
