import Foundation
import HummingbirdTesting
import Testing

@testable import TallyCore
@testable import TallyServices

/// Random skills of every shape (each frequency, monthly ones too; targets a day, a week and a month; open,
/// dated and challenge time frames) go round every path a skill takes unchanged: draft to fields and back,
/// the wire (sync and backups), and the edit page saved as it was shown.
@Suite struct SkillRoundTripTests {
    static let today = LocalDay(year: 2026, month: 11, day: 22)!

    static func frequency(_ random: inout SplitMix64) -> SkillFrequency {
        func pick(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(random.next() % UInt64(range.count)) }
        func subset(_ range: ClosedRange<Int>) -> [Int] {
            let chosen = range.filter { _ in random.next() % 3 == 0 }
            return chosen.isEmpty ? [range.lowerBound + pick(0...(range.count - 1))] : chosen
        }
        switch random.next() % 6 {
        case 0: return .daily
        case 1: return .timesPerWeek(pick(1...7))
        case 2:
            let days = subset(1...7)
            return days.count == 7 ? .daily : .weekdays(days)
        case 3: return .everyDays(pick(2...365))
        case 4: return .timesPerMonth(pick(1...31))
        default: return .monthDays(subset(1...31))
        }
    }

    static func draft(_ random: inout SplitMix64) -> SkillDraft {
        func pick(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(random.next() % UInt64(range.count)) }
        let names = ["Read", "Piano", "Run 5 km", "Café visits", "Pay rent", "Stretch & breathe"]
        let categories = PredefinedSkillCategory.allCases.filter { $0 != .custom }
        let start = today.adding(days: -pick(0...400))
        var draft = SkillDraft(
            name: names[pick(0...(names.count - 1))] + " \(pick(1...99))",
            category: categories[pick(0...(categories.count - 1))].rawValue,
            frequency: frequency(&random).description, start: start, rollover: random.next() % 2 == 0,
            reviewReminder: random.next() % 2 == 0)
        switch random.next() % 3 {
        case 0: break
        case 1: draft.end = start.adding(days: pick(0...500))
        default: draft.days = pick(1...365)
        }
        if random.next() % 2 == 0 {
            draft.targetAmount = pick(1...10_000)
            draft.targetUnit = ["minutes", "pages", "km", "sessions"][pick(0...3)]
            draft.targetPeriod = SkillTarget.Period.allCases[pick(0...2)]
        }
        return draft
    }

    @Test func draftAndWireRoundTripsAreTheIdentity() throws {
        var random = SplitMix64(seed: 20_261_129)
        let categories = SkillCategories(custom: [])
        for _ in 0..<2_000 {
            let fields = try Self.draft(&random).fields(today: Self.today, categories: categories)
            let meta = RecordMeta(
                id: UUID(), ownerID: LocalUser.id, createdAt: .distantPast, modifiedAt: .distantPast,
                deviceID: UUID(), stamp: .zero)
            let skill = Skill(meta: meta, fields: fields)
            #expect(try SkillDraft(skill).fields(today: Self.today, categories: categories) == fields, "\(fields)")
            let wire = try RecordCoding.decode(kind: "skill", from: try RecordCoding.encode(AnyRecord(skill)))
            #expect(wire.base as? Skill == skill, "\(fields)")
            #expect(try SkillFrequency.parse(fields.frequency.description) == fields.frequency)
        }
    }

    @Test func theEditPageSavedAsShownChangesNothing() async throws {
        var random = SplitMix64(seed: 29_112_026)
        let fixture = try ServerFixture()
        var added: [Skill] = []
        for _ in 0..<60 { added.append(try await fixture.scope.skills.add(Self.draft(&random))) }
        let skills = added
        let before = try await fixture.snapshot()
        try await fixture.test { client in
            for skill in skills {
                let page = try await client.execute(uri: "/skills/\(skill.id)/edit", method: .get)
                let fields = try #require(FormScraper.fields(of: page.text, action: "/skills/\(skill.id)"))
                let saved = try await client.form("/skills/\(skill.id)", fields)
                #expect(saved.status == .seeOther, "\(skill.fields): \(WebTests.banner(saved.text) ?? "")")
            }
        }
        #expect(try await fixture.snapshot() == before, "an unchanged save writes nothing")
    }
}
