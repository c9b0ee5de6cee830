import Foundation
import Testing

@testable import TallyCore

/// The horizon: reminders, events with a lead time, trackers' days, skills' daily reminders and reviews,
/// soonest first and at most 64.
@Suite struct NotificationPlannerTests {
    let zone = Fixture.newYork
    let now = Fixture.instant("2026-11-23T12:00:00-05:00")

    func meta() -> RecordMeta {
        RecordMeta(id: UUID(), ownerID: LocalUser.id, createdAt: now, modifiedAt: now, deviceID: UUID(), stamp: .zero)
    }

    func sources(_ change: (inout NotificationSources) -> Void = { _ in }) throws -> NotificationSources {
        var preferences = NotificationPreferences()
        try preferences.apply("water", "off")
        var sources = NotificationSources(
            settings: UserSettings(timeZoneID: zone.identifier), preferences: preferences, zone: zone,
            today: Fixture.day("2026-11-23"), goalML: 2000)
        change(&sources)
        return sources
    }

    func reminder(_ at: String, done: Bool = false) -> Reminder {
        Reminder(
            meta: meta(),
            fields: ReminderFields(
                title: "Call mum", date: Fixture.instant(at), timeZoneID: zone.identifier, category: "Personal",
                colorTheme: .blue),
            completedAt: done ? now : nil)
    }

    @Test func openRemindersAreDueAtTheirTime() throws {
        let open = reminder("2026-11-24T09:00:00-05:00")
        let plan = NotificationPlanner.plan(
            try sources {
                $0.reminders = [
                    open, reminder("2026-11-24T10:00:00-05:00", done: true), reminder("2026-11-20T10:00:00-05:00"),
                ]
            },
            from: now)
        #expect(plan.map(\.sourceID) == [open.id])
        #expect(
            plan.first?.key == "reminder/\(open.id.uuidString.lowercased())/\(open.fields.date.millisecondsSince1970)")
    }

    @Test func eventsAreDueTheirLeadTimeBeforeEachOccurrence() throws {
        let fields = try CalendarEventFields(
            title: "Yoga", startDate: Fixture.instant("2026-10-05T18:30:00-04:00"), timeZoneID: zone.identifier,
            recurrenceRule: "FREQ=WEEKLY;BYDAY=MO"
        ).validated()
        let yoga = CalendarEvent(meta: meta(), fields: fields)
        let plan = NotificationPlanner.plan(
            try sources {
                $0.events = [yoga]
                $0.preferences.eventLeadMinutes[yoga.id] = 15
            }, from: now, limit: 3)
        #expect(
            plan.map(\.due) == [
                Fixture.instant("2026-11-23T18:15:00-05:00"), Fixture.instant("2026-11-30T18:15:00-05:00"),
                Fixture.instant("2026-12-07T18:15:00-05:00"),
            ])
        #expect(plan.first?.body == "In 15 min, at 18:30.")
    }

    @Test func aCountdownTrackerIsDueOnItsDay() throws {
        let fields = try DateTrackerFields(
            title: "Holiday", targetDate: Fixture.instant("2026-12-20T00:00:00-05:00"), timeZoneID: zone.identifier,
            allDay: true, type: .till, category: "Travel", colorTheme: .blue
        ).validated()
        let plan = NotificationPlanner.plan(
            try sources { $0.trackers = [DateTracker(meta: meta(), fields: fields)] }, from: now)
        // All day: at the wake time (07:00) of the day.
        #expect(plan.map(\.due) == [Fixture.instant("2026-12-20T07:00:00-05:00")])
        #expect(plan.first?.body == "The day is here!")
    }

    @Test func aSkillIsRemindedOnlyWhileTheDaysTaskIsNotDoneInFull() throws {
        let reading = SkillFixture.skill("Reading")
        let book = SkillFixture.book(
            [reading],
            [SkillFixture.mark(reading, "2026-11-23", .full), SkillFixture.mark(reading, "2026-11-24", .partial)])
        var tasks: [LocalDay: [SkillTask]] = [:]
        for offset in 0..<NotificationPlanner.dailyDays {
            let day = Fixture.day("2026-11-23").adding(days: offset)
            tasks[day] = book.tasks(on: day)
        }
        let plan = NotificationPlanner.plan(
            try sources {
                $0.skills = [reading]
                $0.skillTasks = tasks
                $0.preferences.skillTimes[reading.id] = Fixture.time("20:00")
            }, from: now)
        // Not on the 23rd (done); the 24th partly done; every day after.
        #expect(plan.first?.due == Fixture.instant("2026-11-24T20:00:00-05:00"))
        #expect(plan.first?.body == "Partly done: finish today's task.")
        #expect(plan.count == NotificationPlanner.dailyDays - 1)
        #expect(plan.first?.action == .completeSkill(reading.id, day: Fixture.day("2026-11-24")))
    }

    @Test func aSkillWhoseTimeFrameEndedAsksForItsReview() throws {
        let course = SkillFixture.skill("Spanish course", end: "2026-11-30", reviewReminder: true)
        let plan = NotificationPlanner.plan(try sources { $0.skills = [course] }, from: now)
        #expect(plan.map(\.due) == [Fixture.instant("2026-12-01T07:00:00-05:00")])
        #expect(plan.first?.kind == .review)
    }

    @Test func theHorizonIsTheSoonestSixtyFourAndKindsCanBeTurnedOff() throws {
        var water = try sources()
        water.preferences.water = true
        let plan = NotificationPlanner.plan(water, from: now)
        #expect(plan.count == 8 * 7 - 2)  // 08:00 and 10:00 are past; 12:00 is now.
        #expect(zip(plan, plan.dropFirst()).allSatisfy { $0.due <= $1.due })
        let many = (0..<100).map {
            reminder("2026-12-01T09:00:00-05:00").fields.date.addingTimeInterval(Double($0) * 60)
        }
        let reminders = many.map { date in
            Reminder(
                meta: meta(),
                fields: ReminderFields(
                    title: "R", date: date, timeZoneID: zone.identifier, category: "x", colorTheme: .blue))
        }
        #expect(NotificationPlanner.plan(try sources { $0.reminders = reminders }, from: now).count == 64)
        #expect(
            NotificationPlanner.plan(
                try sources {
                    $0.reminders = reminders; $0.preferences.reminders = false
                }, from: now
            ).isEmpty)
    }
}
