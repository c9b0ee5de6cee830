import Foundation

/// A stored record of any kind, as storage lists it for sync and export. Every new kind joins here.
public enum AnyRecord: Hashable, Sendable {
    case bathroomEvent(BathroomEvent)
    case setting(SettingRecord)
    case waterEntry(WaterEntry)
    case waterGoal(WaterGoal)
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
        case .dateTracker: "tracker"
        case .reminder: "reminder"
        case .calendarEvent: "event"
        case .journalEntry: "journal entry"
        }
    }
}
