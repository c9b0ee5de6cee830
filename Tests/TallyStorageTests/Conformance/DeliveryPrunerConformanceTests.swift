import Foundation
import TallyCore
import TallyNotify
import TallyStorage
import Testing

/// The pruner, run as `tally serve` runs it (a service that prunes at start and then sleeps), on every
/// database: claims, log entries and snoozes older than the retention go, newer ones stay.
@Suite struct DeliveryPrunerConformanceTests {
    /// A clock that stands still and records when the service went to sleep.
    final class StillClock: SleepingClock {
        let slept = LockedValue(0)
        func now() -> Date { StoreUnderTest.now }
        func sleep(until instant: Date) async throws {
            slept.withLock { $0 += 1 }
            try await Task.sleep(for: .seconds(3_600))
        }
    }

    @Test(arguments: Database.available)
    func oldDeliveriesLogEntriesAndSnoozesArePrunedAndNewerKept(_ database: Database) async throws {
        try await database.withStore { subject in
            let store = subject.store
            let now = StoreUnderTest.now
            let old = now.addingTimeInterval(-DeliveryPruner.retention - 3_600)
            let recent = now.addingTimeInterval(-DeliveryPruner.retention + 3_600)
            let channel = UUID()
            for (key, at) in [("water/-/old", old), ("water/-/recent", recent)] {
                #expect(
                    try await store.claimDelivery(owner: LocalUser.id, key: key, channel: channel, now: at, lease: 60)
                        == 1)
                try await store.finishDelivery(
                    owner: LocalUser.id, key: key, channel: channel, outcome: .sent,
                    log: DeliveryLogEntry(
                        at: at, key: key, kind: .water, title: "Water", channelName: "Phone", channelKind: .ntfy,
                        attempt: 1, outcome: "sent", detail: "HTTP 200"))
                try await store.addSnooze(
                    PlannedNotification(due: at, kind: .water, title: "Water", body: key), owner: LocalUser.id)
            }
            let clock = StillClock()
            let pruner = Task { try await DeliveryPruner(store: store, clock: clock).run() }
            while clock.slept.withLock({ $0 }) == 0 { try await Task.sleep(for: .milliseconds(10)) }
            pruner.cancel()
            #expect(try await store.deliveryLog(owner: LocalUser.id, limit: 10).map(\.key) == ["water/-/recent"])
            #expect(
                try await store.snoozes(owner: LocalUser.id, from: old.addingTimeInterval(-1)).map(\.body) == [
                    "water/-/recent"
                ])
            // The old claim is gone (a claim is taken afresh); the recent one is still sent, so never again.
            #expect(
                try await store.claimDelivery(
                    owner: LocalUser.id, key: "water/-/old", channel: channel, now: now, lease: 60) == 1)
            #expect(
                try await store.claimDelivery(
                    owner: LocalUser.id, key: "water/-/recent", channel: channel, now: now, lease: 60) == nil)
        }
    }
}
