import Foundation
import TallyTestSupport
import Testing

/// `tally serve` sends what is due: two server processes over one data directory deliver each
/// notification once, and a server killed with SIGKILL in the middle of a delivery leaves it to another
/// once its lease runs out. A webhook receiver on loopback stands for the user's endpoint.
@Suite(.serialized) struct NotificationServerTests {
    /// A data directory with a webhook channel and two reminders due at 10:05 (New York), nudges off.
    func prepared(receiver: LoopbackReceiver) throws -> TallyBinary {
        let tally = try TallyBinary()
        #expect(try tally.run(["water", "reminders", "--off"]).status == 0)
        let added = try tally.run(["notify", "add", "webhook", receiver.url + "/hook", "--name", "Hook"])
        #expect(added.status == 0, "\(added.stderr)")
        for title in ["Stretch", "Call mum"] {
            #expect(try tally.run(["reminders", "add", title, "--date", "2026-11-22", "--time", "10:05"]).status == 0)
        }
        let upcoming = try tally.jsonArray(["notify", "upcoming", "--json"])
        #expect(upcoming.compactMap { $0["title"] as? String }.sorted() == ["Call mum", "Stretch"])
        #expect(upcoming.first?["localTime"] as? String == "2026-11-22T10:05")
        return tally
    }

    /// The receiver runs in this test process, which the parallel suite can stall for seconds: the
    /// servers wait a minute for its answer, not the product's 10 s.
    static let patient = ["--send-timeout", "60"]

    /// The keys of the notifications the receiver got, in order.
    func keys(_ receiver: LoopbackReceiver) -> [String] {
        receiver.requests.compactMap { request in
            (try? JSONSerialization.jsonObject(with: request.body) as? [String: Any])?["id"] as? String
        }
    }

    func wait(until condition: () -> Bool, seconds: Double) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() && Date() < deadline { try await Task.sleep(for: .milliseconds(100)) }
    }

    @Test func twoServersDeliverEachDueNotificationOnce() async throws {
        let receiver = try await LoopbackReceiver(status: .ok)
        defer { receiver.stop() }
        let tally = try prepared(receiver: receiver)
        defer { tally.remove() }
        // Both servers' clocks start three seconds before the reminders are due and run on.
        var serving = tally
        serving.now = "2026-11-22T10:04:57-05:00"
        let servers = try (0..<2).map { _ in try ServerProcess(data: serving) }
        for server in servers {
            server.arguments = Self.patient
            try server.start()
        }
        defer { servers.forEach { $0.stop() } }
        try await wait(until: { receiver.requests.count >= 2 }, seconds: 20)
        try await Task.sleep(for: .seconds(3))  // Room for a second copy, if one were coming.
        #expect(keys(receiver).count == 2)
        #expect(Set(keys(receiver)).count == 2)
        let log = try tally.jsonArray(["notify", "log", "--json"])
        #expect(log.compactMap { $0["outcome"] as? String } == ["sent", "sent"], "\(log.compactMap { $0["detail"] })")
        #expect(Set(log.compactMap { $0["title"] as? String }) == ["Stretch", "Call mum"])
    }

    @Test func aServerKilledMidDeliveryLeavesItToAnotherAfterTheLease() async throws {
        let receiver = try await LoopbackReceiver(status: .ok)
        receiver.answer(.ok, after: .seconds(8))
        defer { receiver.stop() }
        let tally = try prepared(receiver: receiver)
        defer { tally.remove() }
        var serving = tally
        serving.now = "2026-11-22T10:04:58-05:00"
        let first = try ServerProcess(data: serving)
        first.arguments = ["--delivery-lease", "3"] + Self.patient
        try first.start()
        defer { first.stop() }
        // The first server has sent both (its claims are held), and waits for answers: kill it there.
        try await wait(until: { receiver.requests.count >= 2 }, seconds: 20)
        #expect(receiver.requests.count == 2)
        first.kill()
        receiver.answer(.ok)
        let second = try ServerProcess(data: serving)
        second.arguments = ["--delivery-lease", "3"] + Self.patient
        try second.start()
        defer { second.stop() }
        try await wait(until: { receiver.requests.count >= 4 }, seconds: 20)
        try await Task.sleep(for: .seconds(2))
        // Each was sent again once, by the second server, as the second attempt, and logged once as sent.
        #expect(keys(receiver).count == 4)
        #expect(Set(keys(receiver)).count == 2)
        let log = try tally.jsonArray(["notify", "log", "--json"])
        #expect(log.compactMap { $0["outcome"] as? String } == ["sent", "sent"])
        #expect(log.compactMap { $0["attempt"] as? Int } == [2, 2])
    }
}
