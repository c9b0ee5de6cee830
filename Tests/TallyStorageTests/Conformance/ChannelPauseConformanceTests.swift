import Foundation
import TallyCore
import TallyServices
import TallyStorage
import Testing

@testable import TallyNotify

/// A channel's health on every database: given-up deliveries counted in a row and the channel paused at
/// the limit, with its reason, for its owner only; one that went through clears both; and a channel an
/// older version stored with an address that can never work (port 65536 stopped every server in turn) is
/// paused by the scheduler's first plan, before anything is sent.
@Suite struct ChannelPauseConformanceTests {
    struct StillClock: SleepingClock {
        func now() -> Date { StoreUnderTest.now }
        func sleep(until instant: Date) async throws { try await Task.sleep(for: .milliseconds(1)) }
    }

    func channel(_ name: String, url: String) -> NotificationChannel {
        NotificationChannel(
            id: UUID(), ownerID: LocalUser.id, name: name, kind: .webhook, url: url, secret: "s",
            createdAt: StoreUnderTest.now)
    }

    @Test(arguments: Database.available)
    func failuresInARowPauseAChannelAndOneThatWentThroughClearsThem(_ database: Database) async throws {
        try await database.withStore { subject in
            let store = subject.store
            let phone = channel("Phone", url: "https://hooks.example/a")
            try await store.addChannel(phone)
            for count in 1...4 {
                let paused = try await store.markChannelFailed(
                    id: phone.id, owner: LocalUser.id, reason: "HTTP 401", pauseAfter: 5)
                #expect(paused == false)
                #expect(try await store.channels(owner: LocalUser.id).first?.failures == count)
            }
            #expect(try await store.markChannelFailed(id: phone.id, owner: UUID(), reason: "x", pauseAfter: 1) == false)
            #expect(
                try await store.markChannelFailed(id: phone.id, owner: LocalUser.id, reason: "HTTP 401", pauseAfter: 5))
            var stored = try #require(try await store.channels(owner: LocalUser.id).first)
            #expect(stored.pausedReason == "HTTP 401" && stored.failures == 5)
            try await store.markChannelWorking(id: phone.id, owner: LocalUser.id)
            stored = try #require(try await store.channels(owner: LocalUser.id).first)
            #expect(stored.pausedReason == nil && stored.failures == 0)
        }
    }

    @Test(arguments: Database.available)
    func theSchedulerPausesAStoredChannelWhoseAddressCanNeverWork(_ database: Database) async throws {
        try await database.withStore { subject in
            let store = subject.store
            let bad = channel("Old", url: "http://127.0.0.1:65536/x")
            let good = channel("Good", url: "https://hooks.example/a")
            try await store.addChannel(bad)
            try await store.addChannel(good)
            let clock = StillClock()
            let notifier = Notifier(store: store, senders: [:], clock: clock)
            let scheduler = NotificationScheduler(
                store: store, notifier: notifier, clock: clock, machineZone: StoreUnderTest.zone)
            await withDiscardingTaskGroup { group in
                _ = try? await scheduler.pass(SchedulerState(), group: &group)
            }
            let channels = try await store.channels(owner: LocalUser.id)
            let paused = try #require(channels.first { $0.id == bad.id })
            #expect(paused.pausedReason?.contains("not a number from 1 to 65535") == true, "\(paused)")
            #expect(channels.first { $0.id == good.id }?.isPaused == false)
        }
    }
}
