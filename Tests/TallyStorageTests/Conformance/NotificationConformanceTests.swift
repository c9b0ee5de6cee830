import Foundation
import TallyCore
import TallyServices
import TallyStorage
import Testing

/// What the notification scheduler keeps, on every database: channels, a delivery claimed by one process
/// at a time, retries and expired leases, the log, the server's secrets and the users' change marks.
@Suite struct NotificationConformanceTests {
    func channel(
        _ name: String, owner: UUID = LocalUser.id, kind: NotificationChannel.Kind = .ntfy,
        url: String = "https://ntfy.example/topic"
    )
        -> NotificationChannel
    {
        NotificationChannel(
            id: UUID(), ownerID: owner, name: name, kind: kind, url: url, token: "tk", createdAt: StoreUnderTest.now)
    }

    @Test(arguments: Database.available)
    func channelsHaveOneNamePerUser(_ database: Database) async throws {
        try await database.withStore { subject in
            let store = subject.store
            let first = channel("Phone")
            try await store.addChannel(first)
            await #expect(throws: TallyError.conflict("you already have a channel called 'Phone'")) {
                try await store.addChannel(channel("Phone"))
            }
            let other = UUID()
            try await store.addChannel(channel("Phone", owner: other))
            #expect(try await store.channels(owner: LocalUser.id) == [first])
            #expect(Set(try await store.ownersWithChannels()) == [LocalUser.id, other])
            #expect(try await store.removeChannel(id: first.id, owner: other) == false)
            #expect(try await store.removeChannel(id: first.id, owner: LocalUser.id))
            #expect(try await store.channels(owner: LocalUser.id).isEmpty)
        }
    }

    @Test(arguments: Database.available)
    func aBrowserSubscribingAgainReplacesItsChannel(_ database: Database) async throws {
        try await database.withStore { subject in
            let store = subject.store
            try await store.addChannel(channel("Browser", kind: .push, url: "https://push.example/abc"))
            let again = channel("Browser again", kind: .push, url: "https://push.example/abc")
            try await store.addChannel(again)
            #expect(try await store.channels(owner: LocalUser.id).map(\.id) == [again.id])
        }
    }

    @Test(arguments: Database.available)
    func aDeliveryIsClaimedOnceUntilItsLeaseRunsOut(_ database: Database) async throws {
        try await database.withStore { subject in
            let store = subject.store
            let now = StoreUnderTest.now
            let phone = UUID()
            func claim(after seconds: TimeInterval, _ channel: UUID) async throws -> Int? {
                try await store.claimDelivery(
                    owner: LocalUser.id, key: "water/-/1", channel: channel, now: now.addingTimeInterval(seconds),
                    lease: 60)
            }
            let first = try await claim(after: 0, phone)
            #expect(first == 1)
            // Held: another process (or this one again) gets nothing.
            let held = try await claim(after: 59, phone)
            #expect(held == nil)
            // Another channel of the same notification is a delivery of its own.
            let otherChannel = try await claim(after: 0, UUID())
            #expect(otherChannel == 1)
            // The holder died: after the lease, the next claim takes it as a second attempt.
            let taken = try await claim(after: 61, phone)
            #expect(taken == 2)
        }
    }

    @Test(arguments: Database.available)
    func aFailedDeliveryWaitsForItsRetryAndASentOneIsNeverClaimedAgain(_ database: Database) async throws {
        try await database.withStore { subject in
            let store = subject.store
            let now = StoreUnderTest.now
            let phone = UUID()
            func log(_ outcome: DeliveryOutcome, attempt: Int) -> DeliveryLogEntry {
                DeliveryLogEntry(
                    at: now, key: "reminder/x/1", kind: .reminder, title: "Call mum", channelName: "Phone",
                    channelKind: .ntfy, attempt: attempt, outcome: outcome.label, detail: "HTTP 500")
            }
            #expect(
                try await store.claimDelivery(
                    owner: LocalUser.id, key: "reminder/x/1", channel: phone, now: now, lease: 60) == 1)
            let retry = DeliveryOutcome.retry(at: now.addingTimeInterval(30))
            try await store.finishDelivery(
                owner: LocalUser.id, key: "reminder/x/1", channel: phone, outcome: retry, log: log(retry, attempt: 1))
            #expect(
                try await store.claimDelivery(
                    owner: LocalUser.id, key: "reminder/x/1", channel: phone, now: now.addingTimeInterval(29), lease: 60
                ) == nil)
            #expect(
                try await store.claimDelivery(
                    owner: LocalUser.id, key: "reminder/x/1", channel: phone, now: now.addingTimeInterval(30), lease: 60
                ) == 2)
            try await store.finishDelivery(
                owner: LocalUser.id, key: "reminder/x/1", channel: phone, outcome: .sent, log: log(.sent, attempt: 2))
            #expect(
                try await store.claimDelivery(
                    owner: LocalUser.id, key: "reminder/x/1", channel: phone, now: now.addingTimeInterval(3600),
                    lease: 60) == nil)
            let entries = try await store.deliveryLog(owner: LocalUser.id, limit: 10)
            #expect(entries.map(\.attempt) == [2, 1])
            #expect(entries.map(\.outcome) == ["sent", "failed, will retry"])
            #expect(try await store.deliveryLog(owner: UUID(), limit: 10).isEmpty)
            try await store.pruneDeliveries(before: now.addingTimeInterval(1))
            #expect(try await store.deliveryLog(owner: LocalUser.id, limit: 10).isEmpty)
        }
    }

    @Test(arguments: Database.available)
    func theFirstSecretStoredIsTheOneEveryoneReads(_ database: Database) async throws {
        try await database.withStore { subject in
            let store = subject.store
            #expect(try await store.serverSecret(named: "vapid", make: { "first" }) == "first")
            #expect(try await store.serverSecret(named: "vapid", make: { "second" }) == "first")
            try await store.setCalendarSecret("abc", owner: LocalUser.id)
            #expect(try await store.owner(ofCalendarSecret: "abc") == LocalUser.id)
            try await store.setCalendarSecret("def", owner: LocalUser.id)
            #expect(try await store.owner(ofCalendarSecret: "abc") == nil)
            #expect(try await store.calendarSecret(owner: LocalUser.id) == "def")
            try await store.setCalendarSecret(nil, owner: LocalUser.id)
            #expect(try await store.owner(ofCalendarSecret: "def") == nil)
        }
    }

    @Test(arguments: Database.available)
    func aWidgetSecretNamesItsOwnerUntilReplacedOrTurnedOff(_ database: Database) async throws {
        try await database.withStore { subject in
            let store = subject.store
            let other = UUID()
            #expect(try await store.widgetSecret(owner: LocalUser.id) == nil)
            try await store.setWidgetSecret("one", owner: LocalUser.id)
            try await store.setWidgetSecret("two", owner: other)
            #expect(try await store.owner(ofWidgetSecret: "one") == LocalUser.id)
            #expect(try await store.owner(ofWidgetSecret: "two") == other)
            try await store.setWidgetSecret("three", owner: LocalUser.id)
            #expect(try await store.owner(ofWidgetSecret: "one") == nil)
            #expect(try await store.widgetSecret(owner: LocalUser.id) == "three")
            try await store.setWidgetSecret(nil, owner: LocalUser.id)
            #expect(try await store.owner(ofWidgetSecret: "three") == nil)
            #expect(try await store.widgetSecret(owner: other) == "two")
        }
    }

    @Test(arguments: Database.available)
    func changeMarksGrowWithEveryChangeOfTheUsersRecords(_ database: Database) async throws {
        try await database.withStore { subject in
            let store = subject.store
            let scope = subject.scope()
            let other = UUID()
            let before = try await store.changeMarks(owners: [LocalUser.id, other])
            _ = try await scope.water.log(amountML: 250, source: .cli)
            let after = try await store.changeMarks(owners: [LocalUser.id, other])
            #expect((after[LocalUser.id] ?? 0) > (before[LocalUser.id] ?? 0))
            #expect(after[other] == before[other])
            try await scope.notificationSettings.update(["waterPerDay": "6"])
            #expect(
                (try await store.changeMarks(owners: [LocalUser.id])[LocalUser.id] ?? 0) > (after[LocalUser.id] ?? 0))
            #expect(try await NotificationService(scope: scope, store: store).preferences().waterPerDay == 6)
        }
    }
}
