import Foundation
import GRDB
import Testing

/// A real `tally serve` and two CLI replicas in their own data directories: changes made offline on
/// both, then synced, leave identical exports everywhere.
@Suite(.serialized) struct SyncEndToEndTests {
    static let account = (name: "ana", password: "plum tree 42")

    /// Makes the server's first account (it owns the server's own data, which `tally export` there shows).
    static func makeAccount(on server: TallyBinary) throws {
        let added = try server.run(["users", "add", account.name], stdin: account.password + "\n")
        #expect(added.status == 0, "\(added.stderr)")
    }

    /// A device token for `device`, made on the server's data directory as an administrator would.
    static func deviceToken(on server: TallyBinary, device: String) throws -> String {
        try server.run(["tokens", "create", device, "--user", account.name]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func twoReplicasChangeOfflineSyncAndMatchTheServer() throws {
        let serverData = try TallyBinary()
        var phone = try TallyBinary()
        var laptop = try TallyBinary()
        defer { [serverData, phone, laptop].forEach { $0.remove() } }
        phone.environment["TALLY_NO_BACKGROUND_SYNC"] = "1"
        laptop.environment["TALLY_NO_BACKGROUND_SYNC"] = "1"
        laptop.now = "2026-11-22T07:00:00-08:00"
        laptop.zone = "America/Los_Angeles"
        try Self.makeAccount(on: serverData)
        let server = try ServerProcess(data: serverData)
        try server.start()
        defer { server.stop() }

        // The phone has local data before it ever logs in: it becomes the account's.
        #expect(try phone.run(["water", "250"]).status == 0)
        // The phone logs in with the account's name and password (it gets its own device token); the
        // laptop with a token made for it on the server.
        let wrong = try phone.run(["login", server.url], stdin: "ana\nnot the password\n")
        #expect(wrong.status != 0 && wrong.stderr.contains("wrong user name or password"), "\(wrong.stderr)")
        let login = try phone.run(["login", server.url], stdin: "ana\n\(Self.account.password)\n")
        #expect(
            login.status == 0 && login.stdout.contains("Logged in to \(server.url) as ana."),
            "\(login.stdout)\(login.stderr)")
        let token = try Self.deviceToken(on: serverData, device: "laptop")
        let laptopLogin = try laptop.run(["login", server.url, "--token", token])
        #expect(laptopLogin.status == 0, "\(laptopLogin.stderr)")
        let forged = try laptop.run(["login", server.url, "--token", "tly_" + String(repeating: "x", count: 43)])
        #expect(forged.status != 0)

        // Offline: the server is down, every write still succeeds, a sync says the server cannot be reached.
        server.stop()
        var offline = laptop
        offline.environment["TALLY_NO_BACKGROUND_SYNC"] = nil
        #expect(try offline.run(["pee", "--note", "laptop, offline"]).status == 0)
        #expect(try phone.run(["pee", "--note", "phone, offline", "--volume", "300"]).status == 0)
        #expect(try phone.run(["journal", "2026-11-21", "--mood", "4", "--note", "phone's day"]).status == 0)
        #expect(try phone.run(["skills", "add", "Read"]).status == 0)
        #expect(try laptop.run(["water", "goal", "2500"]).status == 0)
        #expect(try laptop.run(["settings", "--day-start", "04:00"]).status == 0)
        let doomed = try laptop.json(["water", "500", "--json"])
        #expect(try laptop.run(["water", "delete", try #require(doomed["id"] as? String)]).status == 0)
        let refused = try phone.run(["sync"])
        #expect(refused.status != 0 && refused.stderr.contains("cannot be reached"))

        try server.start()
        for replica in [phone, laptop, phone, laptop] {
            let synced = try replica.run(["sync"])
            #expect(synced.status == 0 && synced.stdout.hasPrefix("Pushed"), "\(synced.stderr)")
        }
        // The phone's day totals followed the laptop's 04:00 day start as the sync brought it, before any read.
        let basis = try DatabaseQueue(path: phone.dataDirectory.appendingPathComponent("tally.sqlite").path).read {
            try Int.fetchAll($0, sql: "SELECT day_start FROM day_total_basis")
        }
        #expect(basis == [240])
        // A delete made on one replica reaches the other.
        let events = try #require(try laptop.json(["pee", "today", "--json"])["events"] as? [[String: Any]])
        let phones = try #require(events.first { $0["note"] as? String == "phone, offline" }?["id"] as? String)
        #expect(try laptop.run(["pee", "delete", phones]).status == 0)
        let summary = try laptop.json(["sync", "--json"])
        #expect(summary["pushed"] as? Int == 1)
        #expect(try phone.json(["sync", "--json"])["applied"] as? Int == 1)
        // Until a round where nothing moves: the server compacts deletions every replica has, and each
        // replica drops them on its next sync.
        for _ in 0..<5 {
            let moved = try [laptop, phone].map { replica in
                let summary = try replica.json(["sync", "--json"])
                return ["pushed", "pulled", "purged"].contains { summary[$0] as? Int != 0 }
            }
            if !moved.contains(true) { break }
        }

        let exported = try [phone, laptop, serverData].map { try $0.run(["export"]).stdout }
        #expect(exported[0] == exported[2] && exported[1] == exported[2])
        #expect(exported[2].contains("phone's day") && exported[2].contains("laptop, offline"))
        let status = try phone.json(["sync", "--status", "--json"])
        #expect(status["outbox"] as? Int == 0 && status["reachable"] as? Bool == true)

        // With background pushes on, a change reaches the server without a `tally sync`.
        var background = phone
        background.environment["TALLY_NO_BACKGROUND_SYNC"] = nil
        #expect(try background.run(["pee", "--note", "pushed by itself"]).status == 0)
        var arrived = false
        for _ in 0..<100 where !arrived {
            Thread.sleep(forTimeInterval: 0.2)
            arrived = try serverData.run(["export"]).stdout.contains("pushed by itself")
        }
        #expect(arrived)
    }
}
