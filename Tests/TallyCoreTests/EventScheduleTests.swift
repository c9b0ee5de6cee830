import Foundation
import Testing

@testable import TallyCore

/// An event's next occurrences, skipped dates, the simple rule builder and the engine's messages.
@Suite struct EventScheduleTests {
    func event(
        _ start: String, _ rule: String, zone: String = "America/New_York", excluded: [String] = []
    ) throws
        -> CalendarEvent
    {
        let fields = try CalendarEventFields(
            title: "Event", startDate: Fixture.instant(start), timeZoneID: zone, recurrenceRule: rule,
            excludedDates: excluded.map(Fixture.instant)
        ).validated()
        return CalendarEvent(
            meta: RecordMeta(
                id: UUID(), ownerID: LocalUser.id, createdAt: .now, modifiedAt: .now, deviceID: UUID(), stamp: .zero),
            fields: fields)
    }

    @Test func theNextWeeklyOccurrenceKeepsItsWallClockTimeAcrossDaylightSaving() throws {
        // Mondays 18:30 in New York; clocks fall back on Sunday 2026-11-01.
        let yoga = try event("2026-10-05T18:30:00-04:00", "FREQ=WEEKLY;BYDAY=MO")
        let now = Fixture.instant("2026-10-27T12:00:00-04:00")
        #expect(yoga.schedule.next(after: now) == Fixture.instant("2026-11-02T18:30:00-05:00"))
        #expect(
            yoga.schedule.upcoming(after: now, count: 3) == [
                Fixture.instant("2026-11-02T18:30:00-05:00"), Fixture.instant("2026-11-09T18:30:00-05:00"),
                Fixture.instant("2026-11-16T18:30:00-05:00"),
            ])
        // An occurrence happening right now is still "next".
        #expect(
            yoga.schedule.next(after: Fixture.instant("2026-11-02T18:30:00-05:00"))
                == Fixture.instant("2026-11-02T18:30:00-05:00"))
    }

    @Test func anExcludedOccurrenceIsSkipped() throws {
        let yoga = try event(
            "2026-10-05T18:30:00-04:00", "FREQ=WEEKLY;BYDAY=MO", excluded: ["2026-11-02T18:30:00-05:00"])
        #expect(
            yoga.schedule.next(after: Fixture.instant("2026-10-27T12:00:00-04:00"))
                == Fixture.instant("2026-11-09T18:30:00-05:00"))
    }

    @Test func monthlyOnTheLastFridayAndYearly() throws {
        let review = try event("2026-01-30T09:00:00-05:00", "FREQ=MONTHLY;BYDAY=-1FR")
        #expect(
            review.schedule.next(after: Fixture.instant("2026-11-22T10:00:00-05:00"))
                == Fixture.instant("2026-11-27T09:00:00-05:00"))
        let birthday = try event("2000-02-29T00:00:00-05:00", "FREQ=YEARLY")
        // RFC 5545: Feb 29 only recurs in leap years.
        #expect(
            birthday.schedule.next(after: Fixture.instant("2026-11-22T10:00:00-05:00"))
                == Fixture.instant("2028-02-29T00:00:00-05:00"))
        let done = try event("2026-01-01T09:00:00-05:00", "FREQ=DAILY;COUNT=3")
        #expect(done.schedule.next(after: Fixture.instant("2026-11-22T10:00:00-05:00")) == nil)
    }

    @Test func badRulesGetTheEnginesOwnMessage() throws {
        #expect(throws: TallyError.self) { try event("2026-01-01T09:00:00-05:00", "FREQ=FORTNIGHTLY") }
        do {
            _ = try CalendarEventFields.checkedRule("FREQ=FORTNIGHTLY")
            Issue.record("accepted a bad rule")
        } catch {
            guard case .invalid(let field, let reason) = error else { throw error }
            #expect(field == "recurrenceRule")
            #expect(reason.contains("FORTNIGHTLY"))
        }
        #expect(throws: TallyError.self) { try CalendarEventFields.checkedRule("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30") }
        #expect(try CalendarEventFields.checkedRule("RRULE:freq=weekly;byday=mo") == "FREQ=WEEKLY;BYDAY=MO")
    }

    @Test func theSimpleFormBuildsRules() throws {
        #expect(try RecurrencePattern(frequency: .daily).rule() == "FREQ=DAILY")
        #expect(
            try RecurrencePattern(frequency: .weekly, interval: 2, weekdays: [3, 1]).rule()
                == "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE")
        #expect(
            try RecurrencePattern(frequency: .monthly, monthlyOrdinal: -1, monthlyWeekday: 5).rule()
                == "FREQ=MONTHLY;BYDAY=-1FR")
        #expect(
            try RecurrencePattern(frequency: .monthly, monthlyOrdinal: 2, monthlyWeekday: 2).rule()
                == "FREQ=MONTHLY;BYDAY=2TU")
        #expect(try RecurrencePattern(frequency: .yearly).rule() == "FREQ=YEARLY")
        #expect(throws: TallyError.self) { try RecurrencePattern(frequency: .weekly, weekdays: [8]).rule() }
        #expect(RecurrenceWording.describe("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE") == "Every 2 weeks on Mon, Wed")
        #expect(RecurrenceWording.describe("FREQ=MONTHLY;BYDAY=-1FR") == "Every month on the last Friday")
        #expect(RecurrenceWording.describe("FREQ=DAILY;COUNT=3") == "Every day, 3 times")
        #expect(RecurrenceWording.describe("FREQ=YEARLY;BYMONTH=1;BYDAY=1MO") == "FREQ=YEARLY;BYMONTH=1;BYDAY=1MO")
    }

    /// An event whose rule gives nothing after its own start is refused when saved, naming why.
    @Test func anEventWhoseRuleNeverFollowsItsStartIsRefused() throws {
        let monday = CalendarEventFields(
            title: "Review", startDate: Fixture.instant("2026-11-02T09:00:00-05:00"), timeZoneID: "America/New_York",
            recurrenceRule: "FREQ=DAILY;INTERVAL=7;BYDAY=TU")
        #expect(throws: TallyError.self) { try monday.validated() }
        do {
            _ = try monday.validated()
        } catch {
            #expect(error.description.contains("nothing follows DTSTART: every 7 days from 2026-11-02 09:00:00"))
        }
        var tuesday = monday
        tuesday.startDate = Fixture.instant("2026-11-03T09:00:00-05:00")
        #expect(try tuesday.validated().recurrenceRule == "FREQ=DAILY;INTERVAL=7;BYDAY=TU")
    }
}
