import Foundation

/// Works out a user's next notifications from their records and preferences: the horizon that the
/// scheduler sends from and that the upcoming list shows. Pure: the same sources and instant give the
/// same plan, so two server processes planning the same user agree on every key.
public enum NotificationPlanner {
    /// How many pending notifications a user has planned at most (the seed's limit of 64).
    public static let limit = 64
    /// How many days of daily notifications (water nudges, skill reminders) the plan covers, today first.
    public static let dailyDays = 7

    /// The notifications due at or after `from`, soonest first, at most `limit`.
    public static func plan(_ sources: NotificationSources, from: Date, limit: Int = limit) -> [PlannedNotification] {
        let preferences = sources.preferences
        // What the user snoozed comes back whatever the switches say: they asked for it.
        var planned = sources.snoozed.filter { $0.kind == .snooze }
        if preferences.water { planned += water(sources) }
        if preferences.reminders { planned += reminders(sources) }
        if preferences.trackers { planned += trackers(sources) }
        if preferences.skills { planned += skills(sources) + reviews(sources) }
        if preferences.diary { planned += diary(sources) }
        planned = planned.filter { $0.due >= from }.sorted(by: PlannedNotification.soonestFirst)
        // Events repeat without end: expand them only as far as the other sources leave room for.
        let cutoff = planned.count >= limit ? planned[limit - 1].due : nil
        if preferences.events { planned += events(sources, from: from, until: cutoff, limit: limit) }
        return Array(planned.filter { $0.due >= from }.sorted(by: PlannedNotification.soonestFirst).prefix(limit))
    }

    static func water(_ sources: NotificationSources) -> [PlannedNotification] {
        (0..<dailyDays).flatMap { offset in
            let day = sources.today.adding(days: offset)
            let goal = WaterPaceTarget.target(
                on: day, dailyGoalML: sources.goalML, week: sources.week, todayTotalML: sources.todayTotalML)
            return WaterNudgePlan(
                day: day, settings: sources.settings, preferences: sources.preferences, zone: sources.zone,
                goalML: goal, totalML: offset == 0 ? sources.todayTotalML : 0,
                lastDrink: sources.lastDrink
            ).nudges
        }
    }

    static func reminders(_ sources: NotificationSources) -> [PlannedNotification] {
        sources.reminders.filter { !$0.isDone && !$0.meta.isDeleted }.map { reminder in
            PlannedNotification(
                due: reminder.fields.date.roundedDownToSecond, kind: .reminder, sourceID: reminder.id,
                title: reminder.fields.title, body: reminder.fields.description.nonEmpty ?? "Reminder")
        }
    }

    /// Each event's occurrences due from `from` (up to `until`, when given), at most `limit` of each.
    static func events(_ sources: NotificationSources, from: Date, until: Date?, limit: Int) -> [PlannedNotification] {
        sources.events.filter { !$0.meta.isDeleted }.flatMap { event in
            let lead = TimeInterval((sources.preferences.eventLeadMinutes[event.id] ?? 0) * 60)
            let schedule = EventSchedule(event)
            let first = from.addingTimeInterval(lead)
            let starts =
                if let until {
                    Array(
                        schedule.occurrences(
                            in: DateInterval(start: first, end: max(first, until.addingTimeInterval(lead + 1)))
                        )
                        .prefix(limit))
                } else {
                    schedule.upcoming(after: first, count: limit)
                }
            return starts.map { start in
                PlannedNotification(
                    due: start.addingTimeInterval(-lead).roundedDownToSecond, kind: .event, sourceID: event.id,
                    title: event.fields.title, body: eventBody(start: start, lead: lead, zone: sources.zone))
            }
        }
    }

    static func trackers(_ sources: NotificationSources) -> [PlannedNotification] {
        sources.trackers.filter { $0.fields.type == .till && !$0.meta.isDeleted }.map { tracker in
            let due =
                tracker.fields.allDay
                ? sources.zone.instant(of: LocalDateTime(day: tracker.targetDay, time: sources.settings.wakeTime))
                : tracker.fields.targetDate
            return PlannedNotification(
                due: due.roundedDownToSecond, kind: .tracker, sourceID: tracker.id, title: tracker.fields.title,
                body: "The day is here!")
        }
    }

    static func skills(_ sources: NotificationSources) -> [PlannedNotification] {
        let times = sources.preferences.skillTimes
        guard !times.isEmpty else { return [] }
        return (0..<dailyDays).flatMap { offset -> [PlannedNotification] in
            let day = sources.today.adding(days: offset)
            return (sources.skillTasks[day] ?? []).compactMap { task in
                guard let time = times[task.skill.id], task.level != .full else { return nil }
                return PlannedNotification(
                    due: localInstant(day, time, sources), kind: .skill, sourceID: task.skill.id,
                    title: task.skill.name,
                    body: task.level == .partial
                        ? "Partly done: finish today's task." : "Today's task is not done yet.",
                    action: .completeSkill(task.skill.id, day: day))
            }
        }
    }

    static func reviews(_ sources: NotificationSources) -> [PlannedNotification] {
        sources.skills.compactMap { skill in
            guard let end = skill.fields.endDay, !skill.meta.isDeleted else { return nil }
            let day = end.adding(days: 1)
            guard skill.needsReview(on: day) else { return nil }
            return PlannedNotification(
                due: localInstant(day, sources.settings.wakeTime, sources), kind: .review, sourceID: skill.id,
                title: "Time to review \(skill.name)", body: "Its time frame ended on \(end). How did it go?")
        }
    }

    /// `time` on local `day` in the user's zone: a time before the day start is on the next calendar date.
    static func localInstant(_ day: LocalDay, _ time: TimeOfDay, _ sources: NotificationSources) -> Date {
        let date = time < sources.settings.dayStart ? day.adding(days: 1) : day
        return sources.zone.instant(of: LocalDateTime(day: date, time: time))
    }

    static func eventBody(start: Date, lead: TimeInterval, zone: TimeZone) -> String {
        let local = zone.localDateTime(of: start)
        let clock = local.timeOfDay.description
        if lead == 0 { return "Starts now, at \(clock)." }
        if lead < 86_400 {
            let minutes = Int(lead / 60)
            let wait =
                minutes % 60 == 0
                ? "\(minutes / 60) h" : minutes < 60 ? "\(minutes) min" : "\(minutes / 60) h \(minutes % 60) min"
            return "In \(wait), at \(clock)."
        }
        return "On \(local.day) at \(clock)."
    }
}

extension Optional where Wrapped == String {
    fileprivate var nonEmpty: String? {
        guard let self, !self.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        return self
    }
}
