import Foundation
import Hummingbird
import HummingbirdTesting
import TallyCore
import TallyServices
import Testing

/// The other edit pages, saved unchanged: trackers, reminders, moments, a journal day, settings and
/// notification preferences come back as they were, and the backup is the same.
@Suite struct UnchangedSaveDatesTests {
    static let start = TimeInput.parseISO("2026-12-24T18:45:30.250-05:00", zone: .gmt)!

    static func post(
        _ client: some TestClientProtocol, _ uri: String, _ fields: [String: String], multipart: Bool
    ) async throws -> TestResponse {
        guard multipart else { return try await client.form(uri, fields) }
        let (headers, body) = ImportPageWebTests.upload(fields)
        return try await client.execute(uri: uri, method: .post, headers: headers, body: body)
    }

    /// Opens `page`, posts its form to `action` as a browser would, and checks the backup did not change.
    static func savedUnchanged(
        _ fixture: ServerFixture, page: String, action: String, multipart: Bool = false
    ) async throws {
        let before = try await fixture.snapshot()
        try await fixture.test { client in
            let opened = try await client.execute(uri: page, method: .get)
            #expect(opened.status == .ok, "\(page)")
            let fields = try #require(FormScraper.fields(of: opened.text, action: action), "\(page) has \(action)")
            let saved = try await post(client, action, fields, multipart: multipart)
            #expect(saved.status == .seeOther, "\(page): \(WebTests.banner(saved.text) ?? saved.text)")
        }
        let after = try await fixture.snapshot()
        let was = String(decoding: before, as: UTF8.self).split(separator: ",")
        let now = String(decoding: after, as: UTF8.self).split(separator: ",")
        #expect(after == before, "\(page): \(now.filter { !was.contains($0) }) was \(was.filter { !now.contains($0) })")
    }

    /// A picture uploaded for a tracker or journal day (a PNG's signature and bytes of its own).
    static func picture(_ fixture: ServerFixture) async throws -> String {
        try await fixture.scope.images.keep(
            Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(repeating: 7, count: 64))
    }

    @Test(arguments: [
        (true, TrackerKind.till, false), (false, .till, false), (true, .since, false), (false, .since, false),
        (true, .till, true),
    ])
    func aTrackerSavedUnchangedStaysAsItWas(allDay: Bool, type: TrackerKind, withPicture: Bool) async throws {
        let fixture = try ServerFixture()
        let target = type == .since ? Self.start.addingTimeInterval(-400 * 86_400) : Self.start
        let tracker = try await fixture.scope.trackers.create(
            DateTrackerFields(
                title: "Holiday", targetDate: target, timeZoneID: "America/New_York", allDay: allDay, type: type,
                category: "Travel", colorTheme: .green, imageUrl: withPicture ? try await Self.picture(fixture) : nil,
                displayUnits: [.days, .hours]))
        try await Self.savedUnchanged(
            fixture, page: "/dates/trackers/\(tracker.id)/edit", action: "/dates/trackers/\(tracker.id)",
            multipart: true)
    }

    @Test func aReminderSavedUnchangedStaysAsItWas() async throws {
        let fixture = try ServerFixture()
        let reminder = try await fixture.scope.reminders.create(
            ReminderFields(
                title: "Call mum", description: "About Sunday", date: Self.start, timeZoneID: "Europe/London",
                category: "Family", colorTheme: .purple))
        try await Self.savedUnchanged(
            fixture, page: "/dates/reminders/\(reminder.id)/edit", action: "/dates/reminders/\(reminder.id)")
    }

    @Test func aMomentSavedUnchangedStaysAsItWas() async throws {
        let fixture = try ServerFixture()
        let skill = try await fixture.scope.skills.add(SkillDraft(name: "Guitar"))
        let moment = try await fixture.scope.moments.add(
            title: "First song", details: "All the way through", day: LocalDay(year: 2026, month: 11, day: 20),
            category: .milestone, skillID: skill.id)
        try await Self.savedUnchanged(
            fixture, page: "/skills/moments/\(moment.id)/edit", action: "/skills/moments/\(moment.id)")
    }

    @Test(arguments: [false, true])
    func aJournalDaySavedUnchangedStaysAsItWas(withPicture: Bool) async throws {
        let fixture = try ServerFixture()
        _ = try await fixture.scope.journal.save(
            on: LocalDay(year: 2026, month: 11, day: 20)!,
            JournalEntryFields(
                notes: "A long day.\nGood dinner, & \"friends\" <3", moodRating: 4,
                imageUrl: withPicture ? try await Self.picture(fixture) : nil))
        try await Self.savedUnchanged(
            fixture, page: "/journal?day=2026-11-20", action: "/journal/2026-11-20", multipart: true)
    }

    @Test func settingsSavedUnchangedStayAsTheyWere() async throws {
        let fixture = try ServerFixture()
        _ = try await fixture.scope.settings.update([
            .timeZone: "Asia/Kolkata", .dayStart: "04:30", .bedtime: "23:15", .wakeTime: "06:45",
        ])
        try await Self.savedUnchanged(fixture, page: "/settings", action: "/settings")
    }

    @Test func notificationPreferencesSavedUnchangedStayAsTheyWere() async throws {
        let fixture = try ServerFixture()
        _ = try await fixture.scope.notificationSettings.update([
            "waterPerDay": "6", "waterQuiet": "22:00-07:00", "events": "off",
        ])
        try await Self.savedUnchanged(fixture, page: "/settings/notifications", action: "/settings/notifications")
    }
}
