import Foundation
import TallyCore
import TallyStorage

/// A user's notifications: their preferences, their channels, what is coming and what was sent. Shared by
/// the web page, the API, the CLI and the scheduler, which plans with ``plan(from:limit:)``.
public struct NotificationService: Sendable {
    public let scope: UserScope
    public let store: any NotificationStore

    public init(scope: UserScope, store: any NotificationStore) {
        self.scope = scope
        self.store = store
    }

    public func preferences() async throws -> NotificationPreferences {
        try await scope.notificationSettings.current()
    }

    /// The next notifications from now, soonest first: the horizon.
    public func upcoming(limit: Int = NotificationPlanner.limit) async throws -> [PlannedNotification] {
        try await plan(from: scope.clock.now(), limit: limit)
    }

    /// The notifications due at or after `from`, from the user's records as they are now.
    public func plan(from: Date, limit: Int = NotificationPlanner.limit) async throws -> [PlannedNotification] {
        NotificationPlanner.plan(try await sources(), from: from, limit: limit)
    }

    /// What the plan is worked out from, read now.
    public func sources() async throws -> NotificationSources {
        let now = try await scope.now()
        let owner = scope.owner
        async let preferences = preferences()
        async let water = scope.water.today()
        async let reminders = scope.store.reminders(owner: owner)
        async let events = scope.store.calendarEvents(owner: owner)
        async let trackers = scope.store.dateTrackers(owner: owner)
        async let skills = scope.store.skills(owner: owner)
        async let snoozes = store.snoozes(owner: owner, from: now.instant)
        async let week = scope.water.progress(.week)
        let chosen = try await preferences
        var tasks: [LocalDay: [SkillTask]] = [:]
        let allSkills = try await skills
        if chosen.skills, !chosen.skillTimes.isEmpty {
            let last = now.today.adding(days: NotificationPlanner.dailyDays - 1)
            let book = try await scope.skills.book(from: now.today, to: last, skills: allSkills)
            for offset in 0..<NotificationPlanner.dailyDays {
                let day = now.today.adding(days: offset)
                tasks[day] = book.tasks(on: day)
            }
        }
        let today = try await water
        var marks = SleepMarks.none
        if let run = now.settings.diaryRun, !run.stopped, chosen.diary {
            marks = SleepMarks(try await scope.sleepMarks.marks(from: run.from, to: run.to.adding(days: 1)))
        }
        return NotificationSources(
            settings: now.settings, preferences: chosen, zone: now.zone, today: now.today,
            goalML: today.summary.goalML, todayTotalML: today.summary.totalML,
            lastDrink: today.entries.map(\.at).max(), reminders: try await reminders, events: try await events,
            trackers: try await trackers, skills: allSkills, skillTasks: tasks, snoozed: try await snoozes,
            week: try await week, sleepMarks: marks)
    }

    /// Sends `notification` again in `minutes` (15 by default), whatever it was; returns the snoozed one.
    @discardableResult
    public func snooze(_ notification: PlannedNotification, minutes: Int = 15) async throws -> PlannedNotification {
        let snoozed = notification.snoozed(now: scope.clock.now(), minutes: minutes)
        try await store.addSnooze(snoozed, owner: scope.owner)
        return snoozed
    }

    public func channels() async throws -> [NotificationChannel] {
        try await store.channels(owner: scope.owner)
    }

    /// Adds a channel from what the person gave. A webhook gets a new signing secret; a browser's push
    /// subscription without a name of its own is named "This browser", "This browser 2", ...
    public func addChannel(_ draft: ChannelDraft) async throws -> NotificationChannel {
        let checked = try draft.validated()
        let existing = try await channels()
        var name = checked.name ?? checked.kind.rawValue
        if checked.kind == .push, draft.name?.isEmpty ?? true {
            let taken = Set(existing.filter { $0.url != checked.url }.map(\.name))
            var number = 1
            let base = name
            while taken.contains(name) {
                number += 1
                name = "\(base) \(number)"
            }
        }
        let channel = NotificationChannel(
            id: scope.ids.newID(), ownerID: scope.owner, name: name, kind: checked.kind, url: checked.url,
            token: checked.kind == .ntfy ? checked.token : nil,
            secret: checked.kind == .webhook ? checked.token ?? Self.newSecret() : nil,
            pushKey: checked.kind == .push ? checked.pushKey : nil,
            pushAuth: checked.kind == .push ? checked.pushAuth : nil, createdAt: scope.clock.now())
        try await store.addChannel(channel)
        return channel
    }

    /// The user's channel called `name` (or with this id).
    public func channel(named name: String) async throws -> NotificationChannel {
        let all = try await channels()
        if let found = all.first(where: { $0.name == name || $0.id.lowercaseText == name.lowercased() }) {
            return found
        }
        throw TallyError.notFound(kind: "notification channel", id: name)
    }

    public func removeChannel(named name: String) async throws {
        let channel = try await channel(named: name)
        try await store.removeChannel(id: channel.id, owner: scope.owner)
    }

    /// The latest delivery attempts, newest first.
    public func log(limit: Int = 100) async throws -> [DeliveryLogEntry] {
        try await store.deliveryLog(owner: scope.owner, limit: limit)
    }

    /// The secret of the user's calendar feed: made when first asked for, and made anew by `rotate` (the
    /// old address stops working at once). Nil after ``revokeCalendar()``.
    public func calendarSecret(rotate: Bool = false) async throws -> String {
        if !rotate, let secret = try await store.calendarSecret(owner: scope.owner) { return secret }
        let secret = Self.newSecret()
        try await store.setCalendarSecret(secret, owner: scope.owner)
        return secret
    }

    /// The user's dates as an iCalendar feed.
    public func calendarFeed() async throws -> CalendarFeed {
        try await scope.exports.calendar()
    }

    /// Turns the calendar feed off.
    public func revokeCalendar() async throws {
        try await store.setCalendarSecret(nil, owner: scope.owner)
    }

    /// 32 random bytes as 64 hexadecimal characters.
    static func newSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        return Hex.string((0..<32).map { _ in generator.next() as UInt8 })
    }
}
