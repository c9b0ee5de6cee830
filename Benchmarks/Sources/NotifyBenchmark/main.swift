import Foundation
import TallyCore
import TallySQLite
import TallyServices

// Planning notifications (issue 18): the horizon of 1,000 users with 20 sources each (goal: under 1 s in
// all), and replanning one user after a change, reading their records from SQLite (goal: under 5 ms).
// Run: swift run -c release --package-path Benchmarks notify-benchmark

let zone = TimeZone(identifier: "America/New_York")!
let now = Date(timeIntervalSince1970: 1_795_500_000)  // 2026-11-23, a Monday
let today = DayBoundary().day(of: now, in: zone)

func meta(_ owner: UUID) -> RecordMeta {
    RecordMeta(id: UUID(), ownerID: owner, createdAt: now, modifiedAt: now, deviceID: UUID(), stamp: .zero)
}

/// Five reminders, five events, three trackers, five skills with a daily time, water nudges and a review:
/// twenty sources.
func sources(owner: UUID) throws -> NotificationSources {
    var preferences = NotificationPreferences()
    let reminders = (0..<5).map { index in
        Reminder(
            meta: meta(owner),
            fields: ReminderFields(
                title: "Reminder \(index)", date: now.addingTimeInterval(Double(index + 1) * 86_400),
                timeZoneID: zone.identifier))
    }
    let rules = [
        "FREQ=WEEKLY;BYDAY=MO,WE", "FREQ=DAILY", "FREQ=MONTHLY;BYMONTHDAY=1", "FREQ=YEARLY", "FREQ=WEEKLY;BYDAY=FR",
    ]
    let events = try rules.map { rule in
        CalendarEvent(
            meta: meta(owner),
            fields: try CalendarEventFields(
                title: rule, startDate: now.addingTimeInterval(-86_400 * 30), timeZoneID: zone.identifier,
                recurrenceRule: rule
            ).validated())
    }
    for event in events { preferences.eventLeadMinutes[event.id] = 15 }
    let trackers = try (0..<3).map { index in
        DateTracker(
            meta: meta(owner),
            fields: try DateTrackerFields(
                title: "Trip \(index)", targetDate: now.addingTimeInterval(Double(index + 2) * 86_400),
                timeZoneID: zone.identifier, type: .till
            ).validated())
    }
    let skills = (0..<5).map { index in
        Skill(
            meta: meta(owner),
            fields: SkillFields(
                name: "Skill \(index)", frequency: .daily, startDay: today.adding(days: -30),
                endDay: index == 0 ? today.adding(days: 2) : nil, reviewReminder: index == 0))
    }
    for skill in skills {
        preferences.skillTimes[skill.id] = TimeOfDay(hour: 20, minute: index(of: skill, in: skills))!
    }
    let book = SkillBook(
        skills: skills, log: SkillLog(marks: [], covering: SkillLog.window(from: today, to: today.adding(days: 6))))
    var tasks: [LocalDay: [SkillTask]] = [:]
    for offset in 0..<NotificationPlanner.dailyDays {
        tasks[today.adding(days: offset)] = book.tasks(on: today.adding(days: offset))
    }
    return NotificationSources(
        settings: UserSettings(timeZoneID: zone.identifier), preferences: preferences, zone: zone, today: today,
        goalML: 2000, todayTotalML: 500, lastDrink: now.addingTimeInterval(-3600), reminders: reminders,
        events: events, trackers: trackers, skills: skills, skillTasks: tasks)
}

func index(of skill: Skill, in skills: [Skill]) -> Int { skills.firstIndex(of: skill) ?? 0 }

func milliseconds(_ work: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try work()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
}

let users = try (0..<1000).map { _ in try sources(owner: UUID()) }
var allUsers: [Double] = []
var planned = 0
for _ in 0..<5 {
    allUsers.append(
        milliseconds {
            planned = users.reduce(0) { $0 + NotificationPlanner.plan($1, from: now).count }
        })
}
allUsers.sort()
print(
    "plan 1,000 users x 20 sources (\(planned) notifications): best \(String(format: "%.0f", allUsers[0])) ms, median \(String(format: "%.0f", allUsers[2])) ms; goal 1,000 ms, ratio \(String(format: "%.2f", allUsers[2] / 1000))"
)

// One user's replan through the service: their records read from a SQLite file, then planned.
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("notify-bench-\(UUID().uuidString)")
defer { try? FileManager.default.removeItem(at: directory) }
let store = try SQLiteStore(directory: directory)
let scope = UserScope(store: store, clock: FixedClock(now), machineZone: zone)
let mine = try sources(owner: LocalUser.id)
var records: [AnyRecord] = mine.reminders.map(AnyRecord.init) + mine.events.map(AnyRecord.init)
records += mine.trackers.map(AnyRecord.init) + mine.skills.map(AnyRecord.init)
records += (0..<1000).map { index in
    AnyRecord(
        WaterEntry(
            meta: meta(LocalUser.id),
            fields: WaterEntryFields(
                at: now.addingTimeInterval(-Double(index) * 3600), timeZoneID: zone.identifier, amountML: 250),
            source: .cli))
}
_ = try await store.write(records, now: now)
let service = NotificationService(scope: scope, store: store)
var changes: [NotificationPreferenceName: String] = [.waterQuiet: "12:00-13:00"]
for (skill, time) in mine.preferences.skillTimes {
    changes[.skillTime(skill)] = time.description
}
try await scope.notificationSettings.update(changes)
var one: [Double] = []
for _ in 0..<50 {
    let start = ContinuousClock.now
    _ = try await service.plan(from: now)
    let elapsed = ContinuousClock.now - start
    one.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
}
one.sort()
print(
    "replan one user from SQLite (20 sources, 1,000 water entries): best \(String(format: "%.2f", one[0])) ms, median \(String(format: "%.2f", one[25])) ms; goal 5 ms, ratio \(String(format: "%.2f", one[25] / 5))"
)
