import Foundation

/// A lossless copy of one user's records, tombstones included, in a stable order so that the same data
/// always gives the same file. Kinds added after version 1 was written decode as empty when absent, so
/// an older backup still imports.
public struct TallyBackup: Codable, Hashable, Sendable {
    public static let formatName = "tally-backup"
    public static let currentVersion = 1

    public var format: String
    public var version: Int
    public var settings: [SettingRecord]
    public var bathroomEvents: [BathroomEvent]
    public var waterEntries: [WaterEntry]
    public var waterGoals: [WaterGoal]
    public var skills: [Skill]
    public var skillCategories: [SkillCategory]
    public var skillCompletions: [SkillCompletion]
    public var routineCompletions: [RoutineCompletion]
    public var memorableMoments: [MemorableMoment]
    public var trackers: [DateTracker]
    public var reminders: [Reminder]
    public var events: [CalendarEvent]
    public var journalEntries: [JournalEntry]

    /// Records in a stable order: by time, day or creation, then by id (UUIDs compare as their text does).
    public init(records: [AnyRecord]) {
        format = Self.formatName
        version = Self.currentVersion
        settings = []
        bathroomEvents = []
        waterEntries = []
        waterGoals = []
        skills = []
        skillCategories = []
        skillCompletions = []
        routineCompletions = []
        memorableMoments = []
        trackers = []
        reminders = []
        events = []
        journalEntries = []
        for record in records {
            switch record {
            case .bathroomEvent(let event): bathroomEvents.append(event)
            case .setting(let setting): settings.append(setting)
            case .waterEntry(let entry): waterEntries.append(entry)
            case .waterGoal(let goal): waterGoals.append(goal)
            case .skill(let skill): skills.append(skill)
            case .skillCategory(let category): skillCategories.append(category)
            case .skillCompletion(let completion): skillCompletions.append(completion)
            case .routineCompletion(let completion): routineCompletions.append(completion)
            case .memorableMoment(let moment): memorableMoments.append(moment)
            case .dateTracker(let tracker): trackers.append(tracker)
            case .reminder(let reminder): reminders.append(reminder)
            case .calendarEvent(let event): events.append(event)
            case .journalEntry(let entry): journalEntries.append(entry)
            }
        }
        settings.sort { ($0.key.rawValue, $0.meta.id) < ($1.key.rawValue, $1.meta.id) }
        bathroomEvents.sort { ($0.at, $0.meta.id) < ($1.at, $1.meta.id) }
        waterEntries.sort { ($0.at, $0.meta.id) < ($1.at, $1.meta.id) }
        waterGoals.sort { ($0.effectiveFrom, $0.meta.id) < ($1.effectiveFrom, $1.meta.id) }
        skills.sort { ($0.meta.createdAt, $0.meta.id) < ($1.meta.createdAt, $1.meta.id) }
        skillCategories.sort { $0.meta.id < $1.meta.id }
        skillCompletions.sort { ($0.day, $0.skillID, $0.meta.id) < ($1.day, $1.skillID, $1.meta.id) }
        routineCompletions.sort {
            ($0.day, $0.habit.rawValue, $0.meta.id) < ($1.day, $1.habit.rawValue, $1.meta.id)
        }
        memorableMoments.sort { ($0.day, $0.meta.id) < ($1.day, $1.meta.id) }
        trackers.sort { ($0.meta.createdAt, $0.meta.id) < ($1.meta.createdAt, $1.meta.id) }
        reminders.sort { ($0.meta.createdAt, $0.meta.id) < ($1.meta.createdAt, $1.meta.id) }
        events.sort { ($0.meta.createdAt, $0.meta.id) < ($1.meta.createdAt, $1.meta.id) }
        journalEntries.sort { ($0.date, $0.meta.id) < ($1.date, $1.meta.id) }
    }

    private enum CodingKeys: String, CodingKey {
        case format, version, settings, bathroomEvents, waterEntries, waterGoals
        case skills, skillCategories, skillCompletions, routineCompletions, memorableMoments
        case trackers, reminders, events, journalEntries
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decode(String.self, forKey: .format)
        version = try container.decode(Int.self, forKey: .version)
        settings = try container.decodeIfPresent([SettingRecord].self, forKey: .settings) ?? []
        bathroomEvents = try container.decodeIfPresent([BathroomEvent].self, forKey: .bathroomEvents) ?? []
        waterEntries = try container.decodeIfPresent([WaterEntry].self, forKey: .waterEntries) ?? []
        waterGoals = try container.decodeIfPresent([WaterGoal].self, forKey: .waterGoals) ?? []
        skills = try container.decodeIfPresent([Skill].self, forKey: .skills) ?? []
        skillCategories = try container.decodeIfPresent([SkillCategory].self, forKey: .skillCategories) ?? []
        skillCompletions = try container.decodeIfPresent([SkillCompletion].self, forKey: .skillCompletions) ?? []
        routineCompletions =
            try container.decodeIfPresent([RoutineCompletion].self, forKey: .routineCompletions) ?? []
        memorableMoments = try container.decodeIfPresent([MemorableMoment].self, forKey: .memorableMoments) ?? []
        trackers = try container.decodeIfPresent([DateTracker].self, forKey: .trackers) ?? []
        reminders = try container.decodeIfPresent([Reminder].self, forKey: .reminders) ?? []
        events = try container.decodeIfPresent([CalendarEvent].self, forKey: .events) ?? []
        journalEntries = try container.decodeIfPresent([JournalEntry].self, forKey: .journalEntries) ?? []
    }

    /// How far ahead of this replica's clock a stamp may be; anything further would drag the clock.
    public static let maxStampLead: TimeInterval = 24 * 3600

    /// Every record, checked as if it were typed in, and given to `owner`.
    public func records(for owner: UUID, now: Date) throws(TallyError) -> [AnyRecord] {
        guard format == Self.formatName else { throw .unreadable("not a Tally backup (format is '\(format)')") }
        guard version <= Self.currentVersion else {
            throw .unreadable("backup version \(version) is newer than this Tally reads (\(Self.currentVersion))")
        }
        var result: [AnyRecord] = []
        for var setting in settings {
            var probe = UserSettings.defaults
            try probe.apply(setting.key, setting.value)
            setting.meta.ownerID = owner
            result.append(.setting(setting))
        }
        for var event in bathroomEvents {
            event.fields = try event.fields.validated()
            event.meta.ownerID = owner
            result.append(.bathroomEvent(event))
        }
        for var entry in waterEntries {
            entry.fields = try entry.fields.validated()
            entry.meta.ownerID = owner
            result.append(.waterEntry(entry))
        }
        for var goal in waterGoals {
            goal.goalML = try WaterAmounts.checkedGoal(goal.goalML)
            goal.meta.ownerID = owner
            result.append(.waterGoal(goal))
        }
        result += try skillRecords(for: owner)
        for var tracker in trackers {
            tracker.fields = try tracker.fields.validated()
            tracker.meta.ownerID = owner
            result.append(.dateTracker(tracker))
        }
        for var reminder in reminders {
            reminder.fields = try reminder.fields.validated()
            reminder.meta.ownerID = owner
            result.append(.reminder(reminder))
        }
        for var event in events {
            event.fields = try event.fields.validated()
            event.meta.ownerID = owner
            result.append(.calendarEvent(event))
        }
        for var entry in journalEntries {
            entry.fields = try entry.fields.validated()
            entry.meta.ownerID = owner
            result.append(.journalEntry(entry))
        }
        let limit = now.addingTimeInterval(Self.maxStampLead).millisecondsSince1970
        if let ahead = result.first(where: { $0.meta.stamp.millis > limit }) {
            throw .invalid(
                field: "stamp", reason: "\(ahead.kind) \(ahead.meta.id) was changed more than 24 hours in the future")
        }
        return result
    }
}
