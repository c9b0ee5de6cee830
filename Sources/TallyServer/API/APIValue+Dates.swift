import Foundation
import TallyCore
import TallyServices

/// Conversions between the generated Datekeeper types (the seed's field names) and the domain.
extension APIValue {
    static func gradient(_ config: GradientConfig?) -> Components.Schemas.GradientConfig? {
        config.map { .init(colors: $0.colors, seed: $0.seed) }
    }

    static func gradient(_ config: Components.Schemas.GradientConfig?) -> GradientConfig? {
        config.map { GradientConfig(colors: $0.colors, seed: $0.seed) }
    }

    static func theme(_ theme: Components.Schemas.ColorTheme?) -> ColorTheme? {
        theme.map { Self.theme($0) }
    }

    static func theme(_ theme: Components.Schemas.ColorThemeInput?) -> ColorTheme? {
        theme.flatMap { Self.theme($0) }
    }

    static func gradient(_ config: Components.Schemas.GradientConfigInput?) -> GradientConfig? {
        config.map { GradientConfig(colors: $0.colors, seed: $0.seed) }
    }

    static func tracker(_ tracker: DateTracker, now: Date) -> Components.Schemas.Tracker {
        let fields = tracker.fields
        let breakdown = tracker.breakdown(now: now)
        return .init(
            id: tracker.id.text, userId: tracker.meta.ownerID.text, title: fields.title,
            targetDate: fields.targetDate, _type: trackerKind(fields.type), category: fields.category,
            colorTheme: theme(fields.colorTheme), gradientConfig: gradient(fields.gradientConfig),
            imageUrl: fields.imageUrl, displayUnits: fields.displayUnits.map(displayUnit),
            allDay: fields.allDay, timeZone: fields.timeZoneID, display: RelativeTimeFormatter.string(breakdown),
            parts: breakdown.parts.map { .init(unit: displayUnit($0.unit), count: $0.count) },
            direction: direction(breakdown.direction), arrived: tracker.hasArrived(now: now),
            createdAt: tracker.meta.createdAt, updatedAt: tracker.meta.modifiedAt)
    }

    /// A tracker's draft from an input: a field left out keeps its value (or takes the default).
    static func trackerDraft(_ input: Components.Schemas.TrackerInput) throws(TallyError) -> TrackerDraft {
        TrackerDraft(
            title: input.title, target: input.targetDate.map({ DraftMoment.instant($0) }), allDay: input.allDay,
            timeZoneID: input.timeZone, type: input._type.flatMap(trackerKind), category: input.category,
            colorTheme: theme(input.colorTheme), gradient: gradient(input.gradientConfig), imageUrl: input.imageUrl,
            displayUnits: try input.displayUnits.map { units throws(TallyError) in
                try DisplayUnit.checked(units.map(displayUnit))
            })
    }

    static func reminder(_ reminder: Reminder) -> Components.Schemas.Reminder {
        let fields = reminder.fields
        return .init(
            id: reminder.id.text, userId: reminder.meta.ownerID.text, title: fields.title,
            description: fields.description, date: fields.date, timeZone: fields.timeZoneID, category: fields.category,
            colorTheme: theme(fields.colorTheme), gradientConfig: gradient(fields.gradientConfig),
            done: reminder.isDone, completedAt: reminder.completedAt, createdAt: reminder.meta.createdAt,
            updatedAt: reminder.meta.modifiedAt)
    }

    /// A reminder's draft from an input (its done state is set apart).
    static func reminderDraft(_ input: Components.Schemas.ReminderInput) -> ReminderDraft {
        ReminderDraft(
            title: input.title, description: input.description, date: input.date.map({ DraftMoment.instant($0) }),
            timeZoneID: input.timeZone, category: input.category, colorTheme: theme(input.colorTheme),
            gradient: gradient(input.gradientConfig))
    }

    static func event(_ event: CalendarEvent, now: Date, count: Int) -> Components.Schemas.Event {
        let fields = event.fields
        let upcoming = event.schedule.upcoming(after: now, count: count)
        return .init(
            id: event.id.text, userId: event.meta.ownerID.text, title: fields.title,
            startDate: fields.startDate, recurrenceRule: fields.recurrenceRule, category: fields.category,
            colorTheme: theme(fields.colorTheme), gradientConfig: gradient(fields.gradientConfig),
            timeZone: fields.timeZoneID, excludedDates: fields.excludedDates,
            summary: RecurrenceWording.describe(fields.recurrenceRule), nextOccurrence: upcoming.first,
            upcoming: upcoming, createdAt: event.meta.createdAt, updatedAt: event.meta.modifiedAt)
    }

    static func eventDraft(_ input: Components.Schemas.EventInput) -> EventDraft {
        EventDraft(
            title: input.title, start: input.startDate.map({ DraftMoment.instant($0) }), timeZoneID: input.timeZone,
            recurrenceRule: input.recurrenceRule, excludedDates: input.excludedDates, category: input.category,
            colorTheme: theme(input.colorTheme), gradient: gradient(input.gradientConfig))
    }

    /// How many upcoming occurrences to list: 1 to 50, 5 by default.
    static func occurrenceCount(_ count: Int?) throws(TallyError) -> Int {
        guard let count else { return 5 }
        guard (1...50).contains(count) else {
            throw .invalid(field: "count", reason: "\(count) is not between 1 and 50")
        }
        return count
    }

    static func dailyEntry(_ entry: JournalEntry) -> Components.Schemas.DailyEntry {
        .init(
            id: entry.id.text, userId: entry.meta.ownerID.text, date: entry.date.description,
            imageUrl: entry.fields.imageUrl, notes: entry.fields.notes, moodRating: entry.fields.moodRating,
            createdAt: entry.meta.createdAt, updatedAt: entry.meta.modifiedAt)
    }
}
