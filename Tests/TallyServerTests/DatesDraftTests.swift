import Foundation
import TallyCore
import TallyServices
import Testing

/// The rules the web pages and the API share for trackers, reminders and events, held by their drafts:
/// a gradient made elsewhere stays, a generated one follows the title, a time left as shown keeps its
/// seconds, and a weekly rule's start is its first chosen weekday.
@Suite struct DatesDraftTests {
    static let zone = TimeZone(identifier: "America/New_York")!
    static let custom = GradientConfig(colors: ["#112233", "#445566", "#778899"], seed: 7)

    static func tracker(gradient: GradientConfig? = nil) throws -> DateTrackerFields {
        try DateTrackerFields(
            title: "Holiday", targetDate: TimeInput.parseISO("2027-07-01T09:30:15-04:00", zone: .gmt)!,
            timeZoneID: zone.identifier, allDay: false, type: .till, colorTheme: .green, gradientConfig: gradient
        ).validated()
    }

    @Test func aGradientMadeElsewhereStaysThroughAFormSaveAndGoesWithTheTheme() throws {
        let stored = try Self.tracker(gradient: Self.custom)
        let form = TrackerDraft(
            title: "Holiday", target: .local(LocalDay(year: 2027, month: 7, day: 1)!, TimeOfDay(hour: 9, minute: 30)),
            type: .till, category: "Personal", colorTheme: .green, displayUnits: stored.displayUnits)
        let saved = try form.fields(current: stored, zone: Self.zone).validated()
        #expect(saved == stored, "an unchanged form keeps the gradient and the seconds")
        var blue = form
        blue.colorTheme = .blue
        #expect(try blue.fields(current: stored, zone: Self.zone).validated().gradientConfig != Self.custom)
    }

    @Test func aGeneratedGradientFollowsTheTitle() throws {
        let stored = try Self.tracker()
        let renamed = try TrackerDraft(title: "Summer").fields(current: stored, zone: Self.zone).validated()
        #expect(
            renamed.gradientConfig == GradientPalette.config(theme: .green, seed: GradientPalette.seed(for: "Summer")))
        let same = try TrackerDraft(title: "Holiday").fields(current: stored, zone: Self.zone).validated()
        #expect(same == stored)
    }

    @Test func aReminderAndAnEventLeftAsShownKeepTheirSeconds() throws {
        let at = TimeInput.parseISO("2026-12-06T10:15:42-05:00", zone: .gmt)!
        let reminder = try ReminderFields(title: "Call", date: at, timeZoneID: Self.zone.identifier).validated()
        let day = LocalDay(year: 2026, month: 12, day: 6)!
        let shown = ReminderDraft(date: .local(day, TimeOfDay(hour: 10, minute: 15)))
        #expect(try shown.fields(current: reminder, zone: Self.zone).date == at)
        let moved = ReminderDraft(date: .local(day, TimeOfDay(hour: 10, minute: 16)))
        #expect(try moved.fields(current: reminder, zone: Self.zone).date == at.addingTimeInterval(18))
    }

    /// "Mondays and Wednesdays" from a Thursday starts on the next Monday, through the API as on the page;
    /// an edit that keeps the day and the rule keeps a start the person chose.
    @Test func aWeeklyRuleStartsOnItsFirstChosenWeekday() throws {
        let thursday = TimeInput.parseISO("2026-11-19T09:30:00-05:00", zone: .gmt)!
        let draft = EventDraft(title: "Gym", start: .instant(thursday), recurrenceRule: "FREQ=WEEKLY;BYDAY=MO,WE")
        let made = try draft.fields(current: nil, zone: Self.zone)
        #expect(made.startDate == TimeInput.parseISO("2026-11-23T09:30:00-05:00", zone: .gmt)!)
        let kept = CalendarEventFields(
            title: "Gym", startDate: thursday, timeZoneID: Self.zone.identifier,
            recurrenceRule: "FREQ=WEEKLY;BYDAY=MO,WE")
        #expect(try EventDraft(title: "Gym class").fields(current: kept, zone: Self.zone).startDate == thursday)
    }
}
