import Foundation
import Hummingbird
import HummingbirdTesting
import TallyCore
import TallyServices
import Testing

/// Opening a record's edit page and pressing Save without touching anything changes nothing: the form is
/// read as a browser sends it (`FormScraper`) and posted back, and the backup is byte for byte the same.
@Suite struct UnchangedSaveTests {
    static let skills: [SkillDraft] = [
        SkillDraft(name: "Walk", frequency: "daily"),
        SkillDraft(name: "Swim", frequency: "3/week", days: 30, reviewReminder: true),
        SkillDraft(
            name: "Piano", category: "learning", frequency: "mon,wed,fri", targetAmount: 20, targetUnit: "minutes"),
        SkillDraft(
            name: "Run", frequency: "every-3-days", end: LocalDay(year: 2027, month: 1, day: 31), targetAmount: 5,
            targetUnit: "km", targetPeriod: .week, rollover: true),
        SkillDraft(name: "Call home", frequency: "weekly"),
        SkillDraft(name: "Weekend", frequency: "sat,sun"),
        SkillDraft(name: "Budget", frequency: "monthly", targetAmount: 12, targetUnit: "entries", targetPeriod: .month),
        SkillDraft(name: "Deep clean", frequency: "3/month", rollover: true),
        SkillDraft(name: "Pay rent", frequency: "day-1,15,31"),
    ]

    @Test(arguments: UnchangedSaveTests.skills.indices)
    func aSkillSavedUnchangedStaysAsItWas(_ index: Int) async throws {
        let fixture = try ServerFixture()
        var draft = Self.skills[index]
        draft.start = LocalDay(year: 2026, month: 11, day: 2)
        let skill = try await fixture.scope.skills.add(draft)
        let before = try await fixture.snapshot()
        try await fixture.test { client in
            let page = try await client.execute(uri: "/skills/\(skill.id)/edit", method: .get)
            #expect(page.status == .ok)
            let fields = try #require(FormScraper.fields(of: page.text, action: "/skills/\(skill.id)"))
            #expect(fields["freq"] != nil, "the form marks the skill's frequency")
            let saved = try await client.form("/skills/\(skill.id)", fields)
            #expect(saved.status == .seeOther, "\(WebTests.banner(saved.text) ?? saved.text)")
        }
        #expect(try await fixture.scope.skills.skill(id: skill.id).fields == skill.fields)
        #expect(try await fixture.snapshot() == before, "an unchanged save writes nothing")
    }

    @Test func theNewSkillFormStartsDailyAndAnUnknownFrequencyIsRefused() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let page = try await client.execute(uri: "/skills/new", method: .get)
            var fields = try #require(FormScraper.fields(of: page.text, action: "/skills"))
            #expect(fields["freq"] == "daily")
            fields["name"] = "Read"
            fields["freq"] = "monthly-ish"
            let refused = try await client.form("/skills", fields)
            #expect(refused.status == .badRequest)
            #expect(WebTests.banner(refused.text)?.contains("'monthly-ish' is not a frequency") == true)
            #expect(try await fixture.scope.skills.all().isEmpty)
        }
    }

    /// Water settings shown in ounces: the goal, the presets and the step come back as stored, not rounded
    /// through a tenth of an ounce (2,500 ml became 2,498.96 ml).
    @Test(arguments: ["oz", "ml"])
    func waterSettingsSavedUnchangedStayAsTheyWere(_ unit: String) async throws {
        let fixture = try ServerFixture()
        _ = try await fixture.scope.settings.update([
            .waterUnit: unit, .waterPresets: "250,330,500,750", .waterStep: "25",
        ])
        _ = try await fixture.scope.water.setGoal(2_500)
        // Weekly and monthly goals no tenth of an ounce can show exactly.
        _ = try await fixture.scope.water.setGoal(.week, millilitres: 14_250)
        _ = try await fixture.scope.water.setGoal(.month, millilitres: 61_234.5)
        let before = try await fixture.snapshot()
        try await fixture.test { client in
            let page = try await client.execute(uri: "/water/settings", method: .get)
            let fields = try #require(FormScraper.fields(of: page.text, action: "/water/settings"))
            #expect(fields["unit"] == unit)
            let saved = try await client.form("/water/settings", fields)
            #expect(saved.status == .seeOther, "\(WebTests.banner(saved.text) ?? saved.text)")
        }
        #expect(try await fixture.scope.water.currentGoal() == 2_500)
        #expect(try await fixture.scope.settings.current().water.presetsML == [250, 330, 500, 750])
        #expect(try await fixture.scope.water.currentGoal(.week) == 14_250)
        #expect(try await fixture.scope.water.currentGoal(.month) == 61_234.5)
        #expect(try await fixture.snapshot() == before, "an unchanged save writes nothing")
    }

    /// A water entry's edit page shows minutes and a tenth of an ounce; saved unchanged, the entry keeps
    /// its seconds, its milliseconds and its exact amount.
    @Test(arguments: ["oz", "ml"])
    func aWaterEntrySavedUnchangedKeepsItsSecondsAndAmount(_ unit: String) async throws {
        let fixture = try ServerFixture()
        _ = try await fixture.scope.settings.update([.waterUnit: unit])
        let at = ServerFixture.now.addingTimeInterval(-3_600 + 15.586)
        let entry = try await fixture.scope.water.log(amountML: 333.33, at: at, drinkKind: "tea", source: .web)
        let before = try await fixture.snapshot()
        try await fixture.test { client in
            let page = try await client.execute(uri: "/water/entries/\(entry.id)/edit", method: .get)
            let fields = try #require(FormScraper.fields(of: page.text, action: "/water/entries/\(entry.id)"))
            let saved = try await client.form("/water/entries/\(entry.id)", fields)
            #expect(saved.status == .seeOther, "\(WebTests.banner(saved.text) ?? saved.text)")
        }
        let after = try await fixture.scope.water.entry(id: entry.id)
        #expect(after.fields == entry.fields)
        #expect(try await fixture.snapshot() == before, "an unchanged save writes nothing")
    }

    static let eventRules = [
        "FREQ=YEARLY", "FREQ=WEEKLY", "FREQ=WEEKLY;BYDAY=MO,WE,FR", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU",
        "FREQ=MONTHLY", "FREQ=MONTHLY;BYDAY=-1FR", "FREQ=DAILY;INTERVAL=3",
        "FREQ=MONTHLY;BYMONTHDAY=1,15;COUNT=10", "FREQ=WEEKLY;BYDAY=SA", "FREQ=YEARLY;INTERVAL=2",
    ]

    /// Every repeat shape opens showing itself (a yearly event showed "Every week") or, for a rule the
    /// simple choices cannot make, as a custom rule; saved unchanged, the event stays as it was, its start
    /// too (a start on a Thursday for a Saturday rule is not moved).
    @Test(arguments: UnchangedSaveTests.eventRules)
    func anEventSavedUnchangedStaysAsItWas(_ rule: String) async throws {
        let fixture = try ServerFixture()
        // A Thursday, 09:30 in New York.
        let start = TimeInput.parseISO("2026-11-19T09:30:00-05:00", zone: .gmt)!
        let event = try await fixture.scope.events.create(
            CalendarEventFields(
                title: "Book club", startDate: start, timeZoneID: "America/New_York", recurrenceRule: rule,
                category: "Social", colorTheme: .blue))
        let before = try await fixture.snapshot()
        try await fixture.test { client in
            let page = try await client.execute(uri: "/dates/events/\(event.id)/edit", method: .get)
            let fields = try #require(FormScraper.fields(of: page.text, action: "/dates/events/\(event.id)"))
            if let pattern = RecurrencePattern(rule: rule) {
                #expect(fields["frequency"] == pattern.frequency.rawValue, "\(rule): \(fields)")
                #expect(fields["rule"] == "", "\(rule) shows as the simple choices")
            } else {
                #expect(fields["rule"] == event.fields.recurrenceRule)
                #expect(page.text.contains("custom-rule-note"))
            }
            let saved = try await client.form("/dates/events/\(event.id)", fields)
            #expect(saved.status == .seeOther, "\(WebTests.banner(saved.text) ?? saved.text)")
        }
        let after = try await fixture.scope.events.event(id: event.id)
        #expect(after.fields == event.fields, "\(rule)")
        #expect(try await fixture.snapshot() == before, "an unchanged save writes nothing")
    }
}
