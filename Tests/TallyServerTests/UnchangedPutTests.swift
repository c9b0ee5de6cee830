import Foundation
import Hummingbird
import HummingbirdTesting
import TallyCore
import TallyServices
import Testing

@testable import TallyServer

/// Through the API, what GET answers, sent back by PUT or PATCH (the fields the input schema names),
/// changes nothing: the backup is byte for byte the same.
@Suite struct UnchangedPutTests {
    static let at = ServerFixture.now.addingTimeInterval(-3_600 + 15.586)

    /// (what to make, the record's path, the method that changes it, the input schema's name)
    static let cases: [(String, String, String)] = [
        ("water", "PUT", "WaterEntryInput"), ("bathroom", "PUT", "BathroomEventInput"), ("skill", "PUT", "SkillInput"),
        ("monthly skill", "PUT", "SkillInput"),
        ("tracker", "PUT", "TrackerInput"), ("reminder", "PUT", "ReminderInput"), ("event", "PUT", "EventInput"),
        ("journal", "PUT", "DailyEntryInput"), ("settings", "PATCH", "SettingsInput"),
        ("water settings", "PATCH", "WaterSettingsInput"),
    ]

    /// Makes one record of `kind` and returns its API path.
    static func make(_ kind: String, _ scope: UserScope) async throws -> String {
        switch kind {
        case "water":
            let entry = try await scope.water.log(amountML: 333.33, at: at, drinkKind: "tea", source: .api)
            return "/api/v1/water/entries/\(entry.id)"
        case "bathroom":
            let event = try await scope.bathroom.log(at: at, note: "after tea", volumeML: 320, urgency: 2, leak: true)
            return "/api/v1/bathroom/events/\(event.id)"
        case "skill":
            let skill = try await scope.skills.add(
                SkillDraft(
                    name: "Piano", category: "learning", frequency: "mon,wed,fri", days: 30, targetAmount: 20,
                    targetUnit: "minutes", rollover: true))
            return "/api/v1/skills/\(skill.id)"
        case "monthly skill":
            let skill = try await scope.skills.add(
                SkillDraft(
                    name: "Budget", frequency: "day-1,15,31", targetAmount: 12, targetUnit: "entries",
                    targetPeriod: .month))
            return "/api/v1/skills/\(skill.id)"
        case "tracker":
            let tracker = try await scope.trackers.create(
                DateTrackerFields(
                    title: "Holiday", targetDate: at.addingTimeInterval(40 * 86_400), timeZoneID: "Europe/Paris",
                    allDay: false, type: .till, category: "Travel", colorTheme: .green, displayUnits: [.days]))
            return "/api/v1/trackers/\(tracker.id)"
        case "reminder":
            let reminder = try await scope.reminders.create(
                ReminderFields(
                    title: "Call mum", description: "Sunday", date: at.addingTimeInterval(86_400),
                    timeZoneID: "Europe/London", category: "Family", colorTheme: .purple))
            return "/api/v1/reminders/\(reminder.id)"
        case "event":
            let event = try await scope.events.create(
                CalendarEventFields(
                    title: "Choir", startDate: at, timeZoneID: "America/New_York",
                    recurrenceRule: "FREQ=MONTHLY;BYDAY=-1FR", category: "Social", colorTheme: .teal))
            return "/api/v1/events/\(event.id)"
        case "journal":
            _ = try await scope.journal.save(
                on: LocalDay(year: 2026, month: 11, day: 20)!, JournalEntryFields(notes: "A day.", moodRating: 4))
            return "/api/v1/journal/2026-11-20"
        case "settings":
            _ = try await scope.settings.update([.timeZone: "Asia/Kolkata", .dayStart: "04:30"])
            return "/api/v1/settings"
        default:
            _ = try await scope.settings.update([.waterUnit: "oz", .waterPresets: "250,330,500,750"])
            _ = try await scope.water.setGoal(2_500)
            return "/api/v1/water/settings"
        }
    }

    @Test(arguments: UnchangedPutTests.cases)
    func whatGetAnswersPutBackChangesNothing(kind: String, method: String, schema: String) async throws {
        let fixture = try ServerFixture()
        let path = try await Self.make(kind, fixture.scope)
        let document = try #require(try OpenAPIDocument.object() as? [String: Any])
        let schemas = (document["components"] as? [String: Any])?["schemas"] as? [String: Any]
        let properties = Set(
            try #require((schemas?[schema] as? [String: Any])?["properties"] as? [String: Any]).keys)
        let before = try await fixture.snapshot()
        try await fixture.test { client in
            let got = try await client.json(.get, path)
            #expect(got.status == .ok, "\(path)")
            let record = try got.decoded()
            let input = record.filter { properties.contains($0.key) && !($0.value is NSNull) }
            let body = String(decoding: try JSONSerialization.data(withJSONObject: input), as: UTF8.self)
            let put = try await client.json(.init(method)!, path, body)
            #expect(put.status == .ok, "\(kind): \(put.text)")
        }
        let was = String(decoding: before, as: UTF8.self).split(separator: ",")
        let now = String(decoding: try await fixture.snapshot(), as: UTF8.self).split(separator: ",")
        #expect(was == now, "\(kind): \(now.filter { !was.contains($0) }) was \(was.filter { !now.contains($0) })")
    }
}
