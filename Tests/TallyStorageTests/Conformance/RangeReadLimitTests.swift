import Foundation
import TallyCore
import TallyServices
import TallyStorage
import Testing

/// Views over a range of days (the bladder diary and its report, insights) read at most
/// ``UserScope/rangeReadLimit`` records of a kind: days crowded past it are refused with a message naming
/// them, while writes on those days, the skill rules they wake, and the diary's progress on Today go on.
@Suite struct RangeReadLimitTests {
    @Test(arguments: Database.available)
    func aCrowdedRangeIsRefusedNamingItAndWritesOnItGoOn(_ database: Database) async throws {
        try await database.withStore { subject in
            let scope = subject.scope()
            _ = try await scope.settings.update([.timeZone: StoreUnderTest.zone.identifier])
            let zone = StoreUnderTest.zone.identifier
            // One more event than the limit on 22 November in New York, a second apart from 04:00.
            let start = TimeInput.parseInstant("2026-11-22T04:00:00-05:00")!
            let events = (0...UserScope.rangeReadLimit).map { index in
                let at = start.addingTimeInterval(Double(index))
                return AnyRecord(
                    BathroomEvent(
                        meta: BoundedDayReadTests.meta(at, index),
                        fields: BathroomEventFields(
                            at: at, timeZoneID: zone, note: nil, volumeML: nil, urgency: nil, leak: false)))
            }
            _ = try await subject.store.merge(events, now: StoreUnderTest.now)
            let sleep = try await scope.skills.add(
                SkillDraft(name: "Sleep through", frequency: "daily", start: LocalDay("2026-01-01")!))
            try await scope.skillRules.set(SkillRuleDraft(nightBathroomAtMost: "1"), for: sleep.id)
            _ = try await scope.diaryRun.start(DiaryRunDraft())

            let from = LocalDay("2026-11-20")!
            let to = LocalDay("2026-11-22")!
            let refusal =
                "the days from 2026-11-20 to 2026-11-22, with the hours around them, hold more than 50 thousand "
                + "bathroom events"
            for (name, read) in [
                ("diary", { _ = try await scope.bathroom.diary(from: from, to: to) }),
                ("report", { _ = try await scope.bathroom.report(from: from, to: to) }),
                ("events", { _ = try await scope.bathroom.events(from: from, to: to) }),
            ] as [(String, () async throws -> Void)] {
                do {
                    try await read()
                    Issue.record("\(name) read the crowded days whole")
                } catch let TallyError.invalid(field, reason) {
                    #expect(field == "to" && reason.hasPrefix(refusal), "\(name): \(reason)")
                }
            }
            // Insights read the night after their last day too.
            await #expect(throws: TallyError.self) { _ = try await scope.insights.insights() }

            // The days before are read as ever (past the hours that other zones could put in them).
            let before = try await scope.bathroom.diary(from: LocalDay("2026-11-19")!, to: LocalDay("2026-11-20")!)
            #expect(before.totalVoids == 0)

            // A visit logged on the crowded day is stored, and its skill rule evaluated (the night's visits
            // counted among the latest read), and the diary's progress is still shown.
            let logged = try await scope.bathroom.log(at: StoreUnderTest.now, note: nil)
            #expect(try await scope.bathroom.today().count == UserScope.rangeReadLimit + 2)
            #expect(logged.at == StoreUnderTest.now)
            let progress = try #require(try await scope.diaryRun.progress())
            #expect(progress.measuredVoids == 0)
        }
    }
}
