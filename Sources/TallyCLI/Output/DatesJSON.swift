import Foundation
import TallyCore

/// A tracker in `--json` output, with the seed's field names and its distance from now.
struct TrackerJSON: Encodable {
    let id: String
    let title: String
    let type: String
    let targetDate: String
    let allDay: Bool
    let timeZone: String
    let category: String
    let colorTheme: String
    let gradientConfig: GradientConfig?
    let imageUrl: String?
    let displayUnits: [String]
    let display: String
    let arrived: Bool

    init(_ tracker: DateTracker, now: Date) {
        let fields = tracker.fields
        id = tracker.id.text
        title = fields.title
        type = fields.type.rawValue
        targetDate = InstantFormat.string(fields.targetDate, in: tracker.zone)
        allDay = fields.allDay
        timeZone = fields.timeZoneID
        category = fields.category
        colorTheme = fields.colorTheme.rawValue
        gradientConfig = fields.gradientConfig
        imageUrl = fields.imageUrl
        displayUnits = fields.displayUnits.map(\.rawValue)
        display = RelativeTimeFormatter.string(tracker.breakdown(now: now))
        arrived = tracker.hasArrived(now: now)
    }
}

/// A reminder in `--json` output.
struct ReminderJSON: Encodable {
    let id: String
    let title: String
    let description: String?
    let date: String
    let timeZone: String
    let category: String
    let colorTheme: String
    let done: Bool

    init(_ reminder: Reminder) {
        id = reminder.id.text
        title = reminder.fields.title
        description = reminder.fields.description
        date = InstantFormat.string(reminder.fields.date, in: reminder.zone)
        timeZone = reminder.fields.timeZoneID
        category = reminder.fields.category
        colorTheme = reminder.fields.colorTheme.rawValue
        done = reminder.isDone
    }
}

/// A recurring event in `--json` output, with its next occurrences.
struct CalendarEventJSON: Encodable {
    let id: String
    let title: String
    let startDate: String
    let timeZone: String
    let recurrenceRule: String
    let excludedDates: [String]
    let summary: String
    let category: String
    let colorTheme: String
    let upcoming: [String]

    init(_ event: CalendarEvent, now: Date, count: Int) {
        let zone = event.zone
        id = event.id.text
        title = event.fields.title
        startDate = InstantFormat.string(event.fields.startDate, in: zone)
        timeZone = event.fields.timeZoneID
        recurrenceRule = event.fields.recurrenceRule
        excludedDates = event.fields.excludedDates.map { InstantFormat.string($0, in: zone) }
        summary = RecurrenceWording.describe(event.fields.recurrenceRule)
        category = event.fields.category
        colorTheme = event.fields.colorTheme.rawValue
        upcoming = event.schedule.upcoming(after: now, count: count).map { InstantFormat.string($0, in: zone) }
    }
}

/// A journal entry (the seed's DailyEntry) in `--json` output.
struct DailyEntryJSON: Encodable {
    let id: String
    let date: String
    let notes: String?
    let moodRating: Int?
    let imageUrl: String?

    init(_ entry: JournalEntry) {
        id = entry.id.text
        date = entry.date.description
        notes = entry.fields.notes
        moodRating = entry.fields.moodRating
        imageUrl = entry.fields.imageUrl
    }
}
