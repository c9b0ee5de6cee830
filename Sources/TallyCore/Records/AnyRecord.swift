import Foundation

/// A stored record of any kind, as storage lists it for sync and export. Every new kind joins here.
public enum AnyRecord: Hashable, Sendable {
    case bathroomEvent(BathroomEvent)
    case setting(SettingRecord)
    case waterEntry(WaterEntry)
    case waterGoal(WaterGoal)
    case skill(Skill)
    case skillCategory(SkillCategory)
    case skillCompletion(SkillCompletion)
    case routineCompletion(RoutineCompletion)
    case memorableMoment(MemorableMoment)
    case dateTracker(DateTracker)
    case reminder(Reminder)
    case calendarEvent(CalendarEvent)
    case journalEntry(JournalEntry)

    public var meta: RecordMeta {
        get {
            switch self {
            case .bathroomEvent(let event): event.meta
            case .setting(let setting): setting.meta
            case .waterEntry(let entry): entry.meta
            case .waterGoal(let goal): goal.meta
            case .skill(let skill): skill.meta
            case .skillCategory(let category): category.meta
            case .skillCompletion(let completion): completion.meta
            case .routineCompletion(let completion): completion.meta
            case .memorableMoment(let moment): moment.meta
            case .dateTracker(let tracker): tracker.meta
            case .reminder(let reminder): reminder.meta
            case .calendarEvent(let event): event.meta
            case .journalEntry(let entry): entry.meta
            }
        }
        set {
            switch self {
            case .bathroomEvent(var event):
                event.meta = newValue
                self = .bathroomEvent(event)
            case .setting(var setting):
                setting.meta = newValue
                self = .setting(setting)
            case .waterEntry(var entry):
                entry.meta = newValue
                self = .waterEntry(entry)
            case .waterGoal(var goal):
                goal.meta = newValue
                self = .waterGoal(goal)
            case .skill(var skill):
                skill.meta = newValue
                self = .skill(skill)
            case .skillCategory(var category):
                category.meta = newValue
                self = .skillCategory(category)
            case .skillCompletion(var completion):
                completion.meta = newValue
                self = .skillCompletion(completion)
            case .routineCompletion(var completion):
                completion.meta = newValue
                self = .routineCompletion(completion)
            case .memorableMoment(var moment):
                moment.meta = newValue
                self = .memorableMoment(moment)
            case .dateTracker(var tracker):
                tracker.meta = newValue
                self = .dateTracker(tracker)
            case .reminder(var reminder):
                reminder.meta = newValue
                self = .reminder(reminder)
            case .calendarEvent(var event):
                event.meta = newValue
                self = .calendarEvent(event)
            case .journalEntry(var entry):
                entry.meta = newValue
                self = .journalEntry(entry)
            }
        }
    }

    /// The kind's name, as used in messages and the change feed.
    public var kind: String {
        switch self {
        case .bathroomEvent: "bathroom event"
        case .setting: "setting"
        case .waterEntry: "water entry"
        case .waterGoal: "water goal"
        case .skill: "skill"
        case .skillCategory: "skill category"
        case .skillCompletion: "skill completion"
        case .routineCompletion: "routine completion"
        case .memorableMoment: "memorable moment"
        case .dateTracker: "tracker"
        case .reminder: "reminder"
        case .calendarEvent: "event"
        case .journalEntry: "journal entry"
        }
    }
}
