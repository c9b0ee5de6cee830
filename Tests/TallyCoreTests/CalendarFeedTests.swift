import Foundation
import Recurrence
import Testing

@testable import TallyCore

/// The iCalendar feed: events with their rule and skipped dates (read back by the recurrence engine's own
/// iCalendar reader, across a DST change), open reminders, trackers' days, alarms, escaping, folding and
/// the time zones' tables.
@Suite struct CalendarFeedTests {
    let now = Fixture.instant("2026-11-23T12:00:00-05:00")

    func meta() -> RecordMeta {
        RecordMeta(id: UUID(), ownerID: LocalUser.id, createdAt: now, modifiedAt: now, deviceID: UUID(), stamp: .zero)
    }

    func feed(_ change: (inout CalendarFeed) -> Void = { _ in }) throws -> CalendarFeed {
        let yoga = CalendarEvent(
            meta: meta(),
            fields: try CalendarEventFields(
                title: "Yoga, gentle; bring a mat", startDate: Fixture.instant("2026-10-05T18:30:00-04:00"),
                timeZoneID: "America/New_York", recurrenceRule: "FREQ=WEEKLY;BYDAY=MO",
                excludedDates: [Fixture.instant("2026-11-09T18:30:00-05:00")]
            ).validated())
        let call = Reminder(
            meta: meta(),
            fields: ReminderFields(
                title: "Call mum", description: "Line one\nline two",
                date: Fixture.instant("2026-11-25T19:00:00+01:00"),
                timeZoneID: "Europe/Paris", category: "Family", colorTheme: .blue))
        let done = Reminder(
            meta: meta(),
            fields: ReminderFields(
                title: "Done already", date: now, timeZoneID: "UTC", category: "Personal", colorTheme: .blue),
            completedAt: now)
        let holiday = DateTracker(
            meta: meta(),
            fields: DateTrackerFields(
                title: "Holiday", targetDate: Fixture.instant("2026-12-20T00:00:00-05:00"),
                timeZoneID: "America/New_York", allDay: true, type: .till, category: "Travel"))
        var preferences = NotificationPreferences()
        preferences.eventLeadMinutes[yoga.id] = 30
        var feed = CalendarFeed(
            name: "Tally", reminders: [call, done], events: [yoga], trackers: [holiday], preferences: preferences,
            wakeTime: TimeOfDay(hour: 7, minute: 30)!, now: now)
        change(&feed)
        return feed
    }

    /// The text of each VEVENT, unfolded.
    func events(_ text: String) -> [String] {
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
        return unfolded.components(separatedBy: "BEGIN:VEVENT\r\n").dropFirst().map {
            $0.components(separatedBy: "END:VEVENT")[0]
        }
    }

    @Test func anEventReadsBackThroughTheRecurrenceEngineWithItsSkippedDate() throws {
        let feed = try feed()
        let event = try #require(events(feed.text).first)
        #expect(event.contains("DTSTART;TZID=America/New_York:20261005T183000\r\n"))
        #expect(event.contains("RRULE:FREQ=WEEKLY;BYDAY=MO\r\n"))
        #expect(event.contains("EXDATE;TZID=America/New_York:20261109T183000\r\n"))
        #expect(event.contains("SUMMARY:Yoga\\, gentle\\; bring a mat\r\n"))
        #expect(event.contains("BEGIN:VALARM\r\nACTION:DISPLAY\r\n"))
        #expect(event.contains("TRIGGER:-PT30M\r\n"))
        let set = try RecurrenceSet(parsing: event)
        let read = set.occurrences(
            from: Fixture.instant("2026-10-26T00:00:00-04:00"), to: Fixture.instant("2026-11-24T00:00:00-05:00"))
        let expected = EventSchedule(feed.events[0]).occurrences(
            in: DateInterval(
                start: Fixture.instant("2026-10-26T00:00:00-04:00"), end: Fixture.instant("2026-11-24T00:00:00-05:00")))
        // Across the change back to standard time on 2026-11-01, 18:30 stays 18:30; 11-09 is skipped.
        #expect(
            read == [
                Fixture.instant("2026-10-26T18:30:00-04:00"), Fixture.instant("2026-11-02T18:30:00-05:00"),
                Fixture.instant("2026-11-16T18:30:00-05:00"), Fixture.instant("2026-11-23T18:30:00-05:00"),
            ])
        #expect(read == expected)
    }

    @Test func anUntilOnTheEventsClockIsWrittenInUTC() throws {
        let text = try feed { feed in
            feed.events[0].fields.recurrenceRule = "FREQ=WEEKLY;UNTIL=20261130T183000;BYDAY=MO"
        }.text
        let event = try #require(events(text).first)
        // 18:30 in New York on 2026-11-30 is 23:30 UTC; the engine reads it back to the same last Monday.
        #expect(event.contains("RRULE:FREQ=WEEKLY;UNTIL=20261130T233000Z;BYDAY=MO\r\n"))
        let set = try RecurrenceSet(parsing: event)
        #expect(set.occurrences.suffix(1).last == Fixture.instant("2026-11-30T18:30:00-05:00"))
    }

    @Test func openRemindersAndTrackersDaysAreThereWithAlarms() throws {
        let all = events(try feed().text)
        #expect(all.count == 3)
        let reminder = try #require(all.first { $0.contains("SUMMARY:Call mum") })
        #expect(reminder.contains("DTSTART;TZID=Europe/Paris:20261125T190000\r\n"))
        #expect(reminder.contains("DESCRIPTION:Line one\\nline two\r\n"))
        #expect(reminder.contains("TRIGGER:PT0S\r\n"))
        #expect(!all.contains { $0.contains("Done already") })
        let tracker = try #require(all.first { $0.contains("SUMMARY:Holiday") })
        #expect(tracker.contains("DTSTART;VALUE=DATE:20261220\r\nDTEND;VALUE=DATE:20261221\r\n"))
        // All-day: the alarm rings at the wake time of that day.
        #expect(tracker.contains("TRIGGER:PT450M\r\n"))
    }

    @Test func switchedOffKindsHaveNoAlarmsButTheirDatesStay() throws {
        let text = try feed { feed in
            feed.preferences.events = false
            feed.preferences.reminders = false
            feed.preferences.trackers = false
        }.text
        #expect(events(text).count == 3)
        #expect(!text.contains("VALARM"))
    }

    @Test func linesAreFoldedAt75OctetsWithoutSplittingACharacter() throws {
        let long = String(repeating: "Très long rappel ☕️ ", count: 12)
        let text = try feed { $0.reminders[0].fields.title = long }.text
        for line in text.components(separatedBy: "\r\n") {
            #expect(line.utf8.count <= 75, "\(line)")
        }
        #expect(text.hasSuffix("END:VCALENDAR\r\n"))
        #expect(events(text).contains { $0.contains("SUMMARY:" + ICalendarLines.escaped(long)) })
    }

    @Test func eachZoneHasATableOfItsOffsets() throws {
        let text = try feed().text
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains("BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\n"))
        #expect(unfolded.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/Paris\r\n"))
        // New York springs forward on 2027-03-14 at 02:00 from -05:00 to -04:00.
        #expect(
            unfolded.contains(
                "BEGIN:DAYLIGHT\r\nDTSTART:20270314T020000\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400\r\n"))
        #expect(!unfolded.contains("TZID:UTC"))
    }
}
