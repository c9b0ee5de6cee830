import Foundation
import Recurrence

/// A user's dates as an iCalendar feed (RFC 5545) for any calendar app to subscribe to: each recurring
/// event with its RRULE and EXDATEs passed through, each open reminder, and each tracker's target date,
/// with a VALARM where Tally would notify (an event's lead time, a reminder's time, a countdown's day).
/// Many calendar apps ignore alarms in subscribed feeds; the dates are still there. Pure: the same records
/// and instant give the same text.
public struct CalendarFeed: Sendable {
    public var name: String
    public var reminders: [Reminder]
    public var events: [CalendarEvent]
    public var trackers: [DateTracker]
    public var preferences: NotificationPreferences
    /// All-day trackers alarm at the wake time.
    public var wakeTime: TimeOfDay
    /// When the feed is made: the DTSTAMP of its entries, and the end of the time zones' tables.
    public var now: Date

    public init(
        name: String, reminders: [Reminder], events: [CalendarEvent], trackers: [DateTracker],
        preferences: NotificationPreferences, wakeTime: TimeOfDay, now: Date
    ) {
        self.name = name
        self.reminders = reminders
        self.events = events
        self.trackers = trackers
        self.preferences = preferences
        self.wakeTime = wakeTime
        self.now = now
    }

    /// The whole feed, CRLF line endings.
    public var text: String {
        var lines = ICalendarLines()
        lines.add("BEGIN", "VCALENDAR")
        lines.add("VERSION", "2.0")
        lines.add("PRODID", "-//Tally//Tally//EN")
        lines.add("CALSCALE", "GREGORIAN")
        lines.add("METHOD", "PUBLISH")
        lines.add(text: "X-WR-CALNAME", name)
        lines.add("REFRESH-INTERVAL;VALUE=DURATION", "PT1H")
        lines.add("X-PUBLISHED-TTL", "PT1H")
        let events = events.filter { !$0.meta.isDeleted }
        let reminders = reminders.filter { !$0.meta.isDeleted && !$0.isDone }
        let trackers = trackers.filter { !$0.meta.isDeleted }
        writeZones(events: events, reminders: reminders, trackers: trackers, into: &lines)
        for event in events { write(event, into: &lines) }
        for reminder in reminders { write(reminder, into: &lines) }
        for tracker in trackers { write(tracker, into: &lines) }
        lines.add("END", "VCALENDAR")
        return lines.text
    }

    /// One VTIMEZONE per zone used, covering from the earliest date in the feed to ten years ahead.
    private func writeZones(
        events: [CalendarEvent], reminders: [Reminder], trackers: [DateTracker], into lines: inout ICalendarLines
    ) {
        var earliest: [String: Date] = [:]
        func note(_ zone: TimeZone, _ instant: Date) {
            guard !ICalendarLines.isUTC(zone) else { return }
            earliest[zone.identifier] = min(earliest[zone.identifier] ?? instant, instant)
        }
        for event in events { note(event.zone, event.fields.startDate) }
        for reminder in reminders { note(reminder.zone, reminder.fields.date) }
        for tracker in trackers where !tracker.fields.allDay { note(tracker.zone, tracker.fields.targetDate) }
        let end = now.addingTimeInterval(10 * 366 * 86_400)
        for (identifier, start) in earliest.sorted(by: { $0.key < $1.key }) {
            guard let zone = TimeZone(identifier: identifier) else { continue }
            ICalendarTimeZone.write(zone, from: start.addingTimeInterval(-366 * 86_400), to: end, into: &lines)
        }
    }

    private func begin(_ id: UUID, modified: Date, title: String, into lines: inout ICalendarLines) {
        lines.add("BEGIN", "VEVENT")
        lines.add("UID", id.lowercaseText + "@tally")
        lines.add("DTSTAMP", ICalendarLines.utc(modified))
        lines.add(text: "SUMMARY", title)
    }

    private func alarm(_ title: String, trigger: String, into lines: inout ICalendarLines) {
        lines.add("BEGIN", "VALARM")
        lines.add("ACTION", "DISPLAY")
        lines.add(text: "DESCRIPTION", title)
        lines.add("TRIGGER", trigger)
        lines.add("END", "VALARM")
    }

    private func write(_ event: CalendarEvent, into lines: inout ICalendarLines) {
        begin(event.id, modified: event.meta.modifiedAt, title: event.fields.title, into: &lines)
        lines.add("DTSTART", instant: event.fields.startDate, zone: event.zone)
        lines.add("RRULE", Self.rule(of: event))
        for skipped in event.fields.excludedDates {
            lines.add("EXDATE", instant: skipped, zone: event.zone)
        }
        lines.add(text: "CATEGORIES", event.fields.category)
        if preferences.events {
            let lead = preferences.eventLeadMinutes[event.id] ?? 0
            alarm(event.fields.title, trigger: lead == 0 ? "PT0S" : "-PT\(lead)M", into: &lines)
        }
        lines.add("END", "VEVENT")
    }

    /// The event's rule as RFC 5545 wants it beside a zoned DTSTART: an UNTIL on the event's own clock is
    /// given as the UTC instant it names (§3.3.10); any other rule as stored.
    static func rule(of event: CalendarEvent) -> String {
        guard var rule = try? RecurrenceRule(parsing: event.fields.recurrenceRule),
            case .floating(let wall)? = rule.until,
            let day = LocalDay(year: wall.date.year, month: wall.date.month, day: wall.date.day)
        else { return event.fields.recurrenceRule }
        let instant = event.zone.instant(
            of: LocalDateTime(day: day, secondOfDay: wall.hour * 3600 + wall.minute * 60 + wall.second))
        let utc = TimeZone(secondsFromGMT: 0)!.localDateTime(of: instant)
        rule.until = .utc(
            Recurrence.LocalDateTime(
                year: utc.day.year, month: utc.day.month, day: utc.day.day, hour: utc.hour, minute: utc.minute,
                second: utc.second))
        return rule.description
    }

    private func write(_ reminder: Reminder, into lines: inout ICalendarLines) {
        begin(reminder.id, modified: reminder.meta.modifiedAt, title: reminder.fields.title, into: &lines)
        lines.add("DTSTART", instant: reminder.fields.date, zone: reminder.zone)
        if let description = reminder.fields.description, !description.isEmpty {
            lines.add(text: "DESCRIPTION", description)
        }
        lines.add(text: "CATEGORIES", reminder.fields.category)
        if preferences.reminders { alarm(reminder.fields.title, trigger: "PT0S", into: &lines) }
        lines.add("END", "VEVENT")
    }

    private func write(_ tracker: DateTracker, into lines: inout ICalendarLines) {
        begin(tracker.id, modified: tracker.meta.modifiedAt, title: tracker.fields.title, into: &lines)
        if tracker.fields.allDay {
            lines.add("DTSTART;VALUE=DATE", ICalendarLines.date(tracker.targetDay))
            lines.add("DTEND;VALUE=DATE", ICalendarLines.date(tracker.targetDay.adding(days: 1)))
        } else {
            lines.add("DTSTART", instant: tracker.fields.targetDate, zone: tracker.zone)
        }
        lines.add(
            text: "DESCRIPTION",
            tracker.fields.type == .till ? "Counting down in Tally." : "Counting the time since, in Tally.")
        lines.add(text: "CATEGORIES", tracker.fields.category)
        if tracker.fields.type == .till, preferences.trackers {
            let trigger = tracker.fields.allDay ? "PT\(wakeTime.minuteOfDay)M" : "PT0S"
            alarm(tracker.fields.title, trigger: trigger, into: &lines)
        }
        lines.add("END", "VEVENT")
    }
}
