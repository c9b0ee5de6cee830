import Foundation
import TallyCore

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

    /// A tracker's fields from an input: on create `current` is nil and the required fields must be there;
    /// on update a field left out keeps its value.
    static func trackerFields(
        _ input: Components.Schemas.TrackerInput, current: DateTrackerFields?, zone: TimeZone
    ) throws(TallyError) -> DateTrackerFields {
        guard let title = input.title ?? current?.title else { throw .invalid(field: "title", reason: "is required") }
        guard let target = input.targetDate ?? current?.targetDate else {
            throw .invalid(field: "targetDate", reason: "is required")
        }
        guard let type = input._type.flatMap(trackerKind) ?? current?.type else {
            throw .invalid(field: "type", reason: "is required (since or till)")
        }
        let units = try input.displayUnits.map { units throws(TallyError) in
            try DisplayUnit.checked(units.map(displayUnit))
        }
        let theme = theme(input.colorTheme) ?? current?.colorTheme ?? .standard
        let themeChanged = current.map { $0.colorTheme != theme || $0.title != title } ?? true
        return DateTrackerFields(
            title: title, targetDate: target, timeZoneID: input.timeZone ?? current?.timeZoneID ?? zone.identifier,
            allDay: input.allDay ?? current?.allDay ?? false, type: type,
            category: input.category ?? current?.category ?? "Personal", colorTheme: theme,
            gradientConfig: gradient(input.gradientConfig) ?? (themeChanged ? nil : current?.gradientConfig),
            imageUrl: input.imageUrl ?? current?.imageUrl,
            displayUnits: units ?? current?.displayUnits ?? DisplayUnit.standard)
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

    static func reminderFields(
        _ input: Components.Schemas.ReminderInput, current: ReminderFields?, zone: TimeZone
    ) throws(TallyError) -> ReminderFields {
        guard let title = input.title ?? current?.title else { throw .invalid(field: "title", reason: "is required") }
        guard let date = input.date ?? current?.date else { throw .invalid(field: "date", reason: "is required") }
        let theme = theme(input.colorTheme) ?? current?.colorTheme ?? .standard
        let themeChanged = current.map { $0.colorTheme != theme || $0.title != title } ?? true
        return ReminderFields(
            title: title, description: input.description ?? current?.description, date: date,
            timeZoneID: input.timeZone ?? current?.timeZoneID ?? zone.identifier,
            category: input.category ?? current?.category ?? "Personal", colorTheme: theme,
            gradientConfig: gradient(input.gradientConfig) ?? (themeChanged ? nil : current?.gradientConfig))
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

    static func eventFields(
        _ input: Components.Schemas.EventInput, current: CalendarEventFields?, zone: TimeZone
    ) throws(TallyError) -> CalendarEventFields {
        guard let title = input.title ?? current?.title else { throw .invalid(field: "title", reason: "is required") }
        guard let start = input.startDate ?? current?.startDate else {
            throw .invalid(field: "startDate", reason: "is required")
        }
        guard let rule = input.recurrenceRule ?? current?.recurrenceRule else {
            throw .invalid(field: "recurrenceRule", reason: "is required")
        }
        let theme = theme(input.colorTheme) ?? current?.colorTheme ?? .standard
        let themeChanged = current.map { $0.colorTheme != theme || $0.title != title } ?? true
        return CalendarEventFields(
            title: title, startDate: start, timeZoneID: input.timeZone ?? current?.timeZoneID ?? zone.identifier,
            recurrenceRule: rule, excludedDates: input.excludedDates ?? current?.excludedDates ?? [],
            category: input.category ?? current?.category ?? "Personal", colorTheme: theme,
            gradientConfig: gradient(input.gradientConfig) ?? (themeChanged ? nil : current?.gradientConfig))
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
