import Foundation
import Hummingbird
import TallyCore
import TallyNotify
import TallyServices
import Testing

@testable import TallyServer

/// Every background job of `tally serve` is a service of the application's group, and the tombstone
/// compactor, run as the service runs it, compacts the deletions nobody pulls.
@Suite struct BackgroundServicesTests {
    /// A clock that stands still and counts the times a service went to sleep.
    final class StillClock: SleepingClock {
        let instant: Date
        let slept = LockedValue(0)
        init(_ instant: Date) { self.instant = instant }
        func now() -> Date { instant }
        func sleep(until instant: Date) async throws {
            slept.withLock { $0 += 1 }
            try await Task.sleep(for: .seconds(3_600))
        }
    }

    @Test func theApplicationRunsEveryBackgroundJobAsAServiceInOrder() async throws {
        let fixture = try ServerFixture()
        var environment = fixture.environment
        environment.schedulerClock = StillClock(ServerFixture.now)
        let app = try await buildApplication(configuration: fixture.configuration, environment: environment)
        #expect(
            app.services.map { String(describing: type(of: $0)) } == [
                "ChangeNotifier", "NotificationScheduler", "DeliveryPruner", "TombstoneCompactor",
                "SkillRuleEvaluator",
            ])
        // Without a clock to sleep on (tests of pages) only the live updates' notifier runs.
        let pages = try await buildApplication(configuration: fixture.configuration, environment: fixture.environment)
        #expect(pages.services.map { String(describing: type(of: $0)) } == ["ChangeNotifier"])
    }

    @Test func theCompactorCompactsOldTombstonesOfPeopleWhoNeverPull() async throws {
        let fixture = try ServerFixture()
        _ = try await fixture.signIn(name: "owner")
        // Deleted 31 days ago through the web app: no device, so no pull would ever compact it.
        let then = UserScope(
            store: fixture.store, owner: fixture.scope.owner, clock: FixedClock(ServerFixture.now - 31 * 86_400),
            machineZone: fixture.scope.machineZone)
        let old = try await then.water.log(amountML: 250, source: .web)
        try await then.water.delete(id: old.id)
        // Deleted today: kept until every device has it or it is 30 days old.
        let recent = try await fixture.scope.water.log(amountML: 300, source: .web)
        try await fixture.scope.water.delete(id: recent.id)

        let clock = StillClock(ServerFixture.now)
        let compactor = Task {
            try await TombstoneCompactor(store: fixture.store, clock: clock, logger: .init(label: "test")).run()
        }
        while clock.slept.withLock({ $0 }) == 0 { try await Task.sleep(for: .milliseconds(10)) }
        compactor.cancel()
        let page = try await fixture.store.changes(owner: fixture.scope.owner, after: 0, limit: 100)
        #expect(page.purged == [old.id])
        #expect(!page.records.contains { $0.meta.id == old.id })
        #expect(page.records.contains { $0.meta.id == recent.id && $0.meta.isDeleted })
    }

    /// A journal day deleted with its picture: a week after the picture was uploaded (the database's clock
    /// notes when), the compactor's round deletes it; the picture a tracker still shows stays.
    @Test func theCompactorDeletesPicturesNoRecordShows() async throws {
        let fixture = try ServerFixture()
        let owner = try await fixture.signIn(name: "owner")
        let scope = fixture.environment.scopes.scope(for: owner.user.id)
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let shown = try await scope.images.keep(png + Data(repeating: 1, count: 100))
        let dropped = try await scope.images.keep(png + Data(repeating: 2, count: 100))
        _ = try await scope.trackers.create(
            .init(
                title: "Trip", targetDate: ServerFixture.now + 30 * 86_400, timeZoneID: "UTC", type: .till,
                imageUrl: shown))
        _ = try await scope.journal.save(on: ServerFixture.today, .init(notes: "Private", imageUrl: dropped))
        try await scope.journal.delete(on: ServerFixture.today)

        let clock = StillClock(Date().addingTimeInterval(ImageService.unshownRetention + 86_400))
        let compactor = Task {
            try await TombstoneCompactor(store: fixture.store, clock: clock, logger: .init(label: "test")).run()
        }
        while clock.slept.withLock({ $0 }) == 0 { try await Task.sleep(for: .milliseconds(10)) }
        compactor.cancel()
        let names = try await fixture.store.imageNames(owner: owner.user.id)
        #expect(names == [ImageReference.name(in: shown)].compactMap { $0 })
    }

    /// Water that arrives by sync passes no service; the evaluator's round completes the skill it fills.
    @Test func theRuleEvaluatorTakesInWhatArrivedBySync() async throws {
        let fixture = try ServerFixture()
        let owner = try await fixture.signIn(name: "owner")
        let scope = fixture.environment.scopes.scope(for: owner.user.id)
        let skill = try await scope.skills.add(SkillDraft(name: "Hydrate", frequency: "daily"))
        try await scope.skillRules.set(SkillRuleDraft(water: "1000ml"), for: skill.id)
        let now = try await scope.now()
        let entry = WaterEntry(
            meta: RecordMeta(
                id: UUID(), ownerID: owner.user.id, createdAt: now.instant, modifiedAt: now.instant,
                deviceID: UUID(), stamp: HLCStamp(millis: Int64(now.instant.timeIntervalSince1970 * 1000), counter: 0)),
            fields: WaterEntryFields(at: now.instant, timeZoneID: now.zone.identifier, amountML: 1_200), source: .api)
        _ = try await fixture.store.merge([AnyRecord(entry)], now: now.instant)
        #expect(try await fixture.store.skillCompletion(owner: owner.user.id, skillID: skill.id, day: now.today) == nil)

        let clock = StillClock(ServerFixture.now)
        let evaluator = Task {
            try await SkillRuleEvaluator(
                store: fixture.store, clock: clock, machineZone: fixture.scope.machineZone,
                logger: .init(label: "test")
            ).run()
        }
        while clock.slept.withLock({ $0 }) == 0 { try await Task.sleep(for: .milliseconds(10)) }
        evaluator.cancel()
        let done = try #require(
            try await fixture.store.skillCompletion(owner: owner.user.id, skillID: skill.id, day: now.today))
        #expect(done.level == .full && done.ruleDetail == "1,200 ml")
    }
}
