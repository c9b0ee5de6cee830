import Foundation
import TallyCore
import TallySQLite
import TallyServices
import TallyStorage
import TallyTestSupport
import Testing

@testable import TallyNotify

/// A channel that can never work stops nothing else: an address stored by an older version (port 65536,
/// which once stopped the server inside the socket layer) is refused before the HTTP client sees it and
/// paused at the scheduler's first plan; a channel whose deliveries keep being given up is paused after
/// ``NotificationChannel/pauseAfterFailures``; a test that goes through resumes it.
@Suite struct ChannelPauseTests {
    typealias Setup = DeliveryTests.Setup

    let nudge = PlannedNotification(
        due: DeliveryTests.now, kind: .water, title: "Time for some water", body: "500 ml of 2,000 ml today.")

    /// A channel as an older version stored it: never checked by today's parser.
    static func stored(_ url: String, name: String, kind: NotificationChannel.Kind = .webhook) -> NotificationChannel {
        NotificationChannel(
            id: UUID(), ownerID: LocalUser.id, name: name, kind: kind, url: url, secret: "s",
            createdAt: DeliveryTests.now)
    }

    @Test func aPortBeyond16BitsIsRefusedBeforeTheClientAndTheTestSaysWhy() async throws {
        let setup = try await Setup()
        for url in ["http://127.0.0.1:65536/x", "http://127.0.0.1:0/x", "http://[::1]:70000/x"] {
            let error = await #expect(throws: TallyError.self) {
                try await setup.notifier.addChannel(ChannelDraft(kind: .webhook, url: url), for: setup.service)
            }
            #expect(error?.description.contains("1 to 65535") == true, "\(String(describing: error))")
        }
        let bad = Self.stored("http://127.0.0.1:65536/x", name: "Old")
        try await setup.store.addChannel(bad)
        let results = try await setup.notifier.sendTest(to: nil, for: setup.service)
        #expect(results.map(\.1.word) == ["refused"])
        #expect(results.first?.1.detail.contains("not a number from 1 to 65535") == true)
        let paused = try #require(try await setup.service.channels().first)
        #expect(paused.pausedReason?.contains("can never work") == true, "\(paused)")
    }

    @Test func theSchedulerPausesABadStoredChannelAndStillServesTheOthers() async throws {
        let receiver = try await LoopbackReceiver(status: .ok)
        defer { receiver.stop() }
        let setup = try await Setup()
        try await setup.store.addChannel(Self.stored("http://127.0.0.1:65536/x", name: "Old"))
        try await setup.store.addChannel(Self.stored("http://exa mple.com/\r\n", name: "Older", kind: .ntfy))
        try await setup.store.addChannel(Self.stored(receiver.url + "/hook", name: "Good"))
        // A reminder due now: the scheduler's first pass plans it and sends it.
        _ = try await setup.service.scope.reminders.create(
            ReminderFields(title: "Stretch", date: setup.clock.now().addingTimeInterval(1), timeZoneID: "UTC"))
        let scheduler = NotificationScheduler(
            store: setup.store, notifier: setup.notifier, clock: setup.clock, machineZone: .gmt)
        let state = SchedulerState()
        setup.clock.advance(2)
        await withDiscardingTaskGroup { group in
            _ = try? await scheduler.pass(state, group: &group)
        }
        let channels = try await setup.service.channels()
        #expect(channels.filter(\.isPaused).map(\.name).sorted() == ["Old", "Older"])
        #expect(channels.first { $0.name == "Good" }?.isPaused == false)
        #expect(receiver.requests.count == 1, "the good channel got the reminder")
        #expect(try await setup.service.log().map(\.channelName) == ["Good"])
    }

    @Test func aChannelThatKeepsFailingIsPausedThenATestResumesIt() async throws {
        let receiver = try await LoopbackReceiver(status: .unauthorized)
        defer { receiver.stop() }
        let setup = try await Setup()
        let channel = try await setup.notifier.addChannel(
            ChannelDraft(kind: .ntfy, url: receiver.url + "/topic"), for: setup.service)
        for index in 0..<NotificationChannel.pauseAfterFailures {
            let planned = PlannedNotification(
                due: DeliveryTests.now.addingTimeInterval(Double(index)), kind: .water, title: "Water \(index)",
                body: "Drink")
            let current = try #require(try await setup.service.channels().first)
            #expect(current.isPaused == false, "not paused after \(index) failures")
            #expect(try await setup.notifier.deliver(planned, to: current, zone: .gmt) == .gaveUp)
        }
        let paused = try #require(try await setup.service.channels().first)
        #expect(paused.failures == NotificationChannel.pauseAfterFailures)
        #expect(paused.pausedReason?.contains("HTTP 401") == true, "\(paused.pausedReason ?? "not paused")")
        receiver.answer(.ok)
        _ = try await setup.notifier.sendTest(to: channel.name, for: setup.service)
        let resumed = try #require(try await setup.service.channels().first)
        #expect(resumed.isPaused == false && resumed.failures == 0)
    }
}
