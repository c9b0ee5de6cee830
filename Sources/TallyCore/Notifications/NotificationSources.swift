import Foundation

/// Everything a user's notifications are worked out from, read at one moment.
public struct NotificationSources: Sendable {
    public var settings: UserSettings
    public var preferences: NotificationPreferences
    /// The user's zone: local times of water nudges, skills and all-day trackers are read in it.
    public var zone: TimeZone
    public var today: LocalDay
    /// Today's goal, used for the days ahead too.
    public var goalML: Double
    /// Drunk so far today.
    public var todayTotalML: Double
    /// This week against the weekly goal, when one is set: the nudges keep the pace it needs
    /// (``WaterPaceTarget``).
    public var week: WaterPeriodProgress?
    /// The latest logged drink.
    public var lastDrink: Date?
    public var reminders: [Reminder]
    public var events: [CalendarEvent]
    public var trackers: [DateTracker]
    public var skills: [Skill]
    /// The skill tasks of each day the plan covers (``NotificationPlanner/dailyDays`` from today): a skill
    /// with no task on a day is not reminded of it.
    public var skillTasks: [LocalDay: [SkillTask]]
    /// Notifications the user snoozed, due again later.
    public var snoozed: [PlannedNotification]
    /// The bladder diary's marks on the days of the diary being kept: a reminder to note one already noted
    /// is not sent.
    public var sleepMarks: SleepMarks

    public init(
        settings: UserSettings, preferences: NotificationPreferences, zone: TimeZone, today: LocalDay,
        goalML: Double, todayTotalML: Double = 0, lastDrink: Date? = nil, reminders: [Reminder] = [],
        events: [CalendarEvent] = [], trackers: [DateTracker] = [], skills: [Skill] = [],
        skillTasks: [LocalDay: [SkillTask]] = [:], snoozed: [PlannedNotification] = [],
        week: WaterPeriodProgress? = nil, sleepMarks: SleepMarks = .none
    ) {
        self.week = week
        self.sleepMarks = sleepMarks
        self.settings = settings
        self.preferences = preferences
        self.zone = zone
        self.today = today
        self.goalML = goalML
        self.todayTotalML = todayTotalML
        self.lastDrink = lastDrink
        self.reminders = reminders
        self.events = events
        self.trackers = trackers
        self.skills = skills
        self.skillTasks = skillTasks
        self.snoozed = snoozed
    }
}
