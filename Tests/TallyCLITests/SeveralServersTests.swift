import Foundation
import TallyTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Three `tally serve` processes over one PostgreSQL database serve the same people: writes through all
/// of them at once, one killed with SIGKILL in the middle, and every acknowledged write is stored exactly
/// once and read the same through any survivor.
@Suite(.serialized, .enabled(if: PostgresTestDatabase.enabled)) struct SeveralServersTests {
    @Test func threeServersShareOneDatabaseAndAKilledOneLosesNothingAcknowledged() throws {
        let database = try PostgresTestDatabase()
        defer { database.drop() }
        var admin = try TallyBinary()
        defer { admin.remove() }
        admin.environment["TALLY_DATABASE_URL"] = database.url
        let added = try admin.run(["users", "add", "ana"], stdin: "plum tree 42\n", useDataDirOption: false)
        #expect(added.status == 0, "\(added.stderr)")
        let token = try admin.run(["tokens", "create", "load", "--user", "ana"], useDataDirOption: false).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!token.isEmpty)

        let servers = try (0..<3).map { _ in try ServerProcess(data: admin, database: database.url) }
        for server in servers { try server.start() }
        defer { servers.forEach { $0.stop() } }

        // 24 clients, 400 writes, each a distinct amount, spread over the three servers; server 1 is killed
        // once a third of them are sent.
        let total = 400
        let acknowledged = Locked<Set<Int>>([])
        let sent = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 24) { client in
            for amount in stride(from: 1 + client, through: total, by: 24) {
                let server = servers[amount % 3]
                if sent.update({
                    $0 += 1; return $0
                }) == total / 3 {
                    servers[1].kill()
                }
                let status = HTTP.send(
                    "POST", "\(server.url)/api/v1/water/entries", token: token, body: #"{"amountMl": \#(amount)}"#)
                if status == 201 { acknowledged.update { $0.insert(amount) } }
            }
        }
        let acked = acknowledged.value
        #expect(acked.count > total / 2)

        // Every survivor reads the same entries, and each acknowledged amount is there exactly once.
        var lists: [[Int]] = []
        for server in [servers[0], servers[2]] {
            let (status, body) = HTTP.get("\(server.url)/api/v1/water/entries?day=2026-11-22", token: token)
            #expect(status == 200)
            let json = try JSONSerialization.jsonObject(with: body) as? [String: Any]
            let entries = try #require(json?["entries"] as? [[String: Any]])
            lists.append(entries.compactMap { ($0["amountMl"] as? Double).map { Int($0) } }.sorted())
        }
        #expect(lists[0] == lists[1])
        let stored = lists[0]
        print("three servers, one killed: \(acked.count) of \(total) writes acknowledged, \(stored.count) stored")
        #expect(Set(stored).count == stored.count, "an entry was stored twice")
        #expect(acked.isSubset(of: Set(stored)), "acknowledged but lost: \(acked.subtracting(stored).sorted())")

        // A session made through one server signs in on another; so does the token, on a restarted server.
        let restarted = try ServerProcess(data: admin, database: database.url)
        try restarted.start()
        defer { restarted.stop() }
        #expect(HTTP.get("\(restarted.url)/api/v1/water/entries?day=2026-11-22", token: token).0 == 200)
        // Failed log-ins count across processes: ten wrong passwords through two servers hold back the next
        // guess on a third.
        for attempt in 0..<10 {
            let server = [servers[0], servers[2]][attempt % 2]
            let status = HTTP.send(
                "POST", "\(server.url)/api/v1/auth/tokens", token: "",
                body: #"{"user": "ana", "password": "wrong \#(attempt)", "name": "guess"}"#)
            #expect(status == 401)
        }
        let held = HTTP.send(
            "POST", "\(restarted.url)/api/v1/auth/tokens", token: "",
            body: #"{"user": "ana", "password": "wrong again", "name": "guess"}"#)
        #expect(held == 429)

        // A page's live updates, served by one process, hear of a write another process took.
        let stream = try ChildProcess(
            "curl",
            ["-sN", "--max-time", "4", "-H", "Authorization: Bearer \(token)", "\(servers[2].url)/events/stream"],
            output: .captured)
        Thread.sleep(forTimeInterval: 1.5)
        #expect(
            HTTP.send("POST", "\(servers[0].url)/api/v1/water/entries", token: token, body: #"{"amountMl": 999}"#)
                == 201)
        let events = String(decoding: stream.readOutputToEnd(), as: UTF8.self)
        stream.wait()
        #expect(events.contains("event: change"), "\(events)")

        // Two devices syncing through different servers see each other's changes.
        var phone = try TallyBinary()
        var laptop = try TallyBinary()
        defer { [phone, laptop].forEach { $0.remove() } }
        phone.environment["TALLY_NO_BACKGROUND_SYNC"] = "1"
        laptop.environment["TALLY_NO_BACKGROUND_SYNC"] = "1"
        for (device, server) in [(phone, servers[0]), (laptop, servers[2])] {
            let deviceToken = try admin.run(
                ["tokens", "create", UUID().uuidString, "--user", "ana"], useDataDirOption: false
            )
            .stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let login = try device.run(["login", server.url, "--token", deviceToken])
            #expect(login.status == 0, "\(login.stderr)")
        }
        #expect(try phone.run(["pee", "--note", "through the first server"]).status == 0)
        // A photo's bytes travel with the entry that shows it, through the database, to the other device.
        let photo = phone.dataDirectory.appendingPathComponent("day.jpg")
        try (Data([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02]) + Data((0..<200).map { UInt8($0 % 251) })).write(to: photo)
        #expect(try phone.run(["journal", "2026-11-21", "--note", "a photo", "--photo", photo.path]).status == 0)
        #expect(try phone.run(["sync"]).status == 0)
        #expect(try laptop.run(["sync"]).status == 0)
        #expect(try laptop.run(["export"]).stdout.contains("through the first server"))
        let shown = try laptop.run(["journal", "2026-11-21"]).stdout
        let image = try #require(shown.split(separator: "\n").first { $0.hasPrefix("photo: /images/") })
        let name = String(image.dropFirst("photo: /images/".count))
        let copied = laptop.dataDirectory.appendingPathComponent("images").appendingPathComponent(name)
        #expect(FileManager.default.contents(atPath: copied.path) == (try Data(contentsOf: photo)))

        let exported = try admin.run(["export"], useDataDirOption: false)
        #expect(exported.status == 0)
        let backup = try JSONSerialization.jsonObject(with: Data(exported.stdout.utf8)) as? [String: Any]
        #expect((backup?["waterEntries"] as? [Any])?.count == stored.count + 1)
    }
}

/// A value several threads change under a lock.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value { lock.withLock { stored } }

    @discardableResult
    func update<T>(_ change: (inout Value) -> T) -> T { lock.withLock { change(&stored) } }
}

/// Blocking HTTP calls for tests that drive real servers from several threads.
enum HTTP {
    static func send(_ method: String, _ url: String, token: String, body: String) -> Int {
        exchange(method, url, token: token, body: Data(body.utf8)).0
    }

    /// A request with a body, and the answer's status and body.
    static func exchange(
        _ method: String, _ url: String, token: String, body: Data, type: String = "application/json"
    ) -> (Int, Data) {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        request.httpBody = body
        request.setValue(type, forHTTPHeaderField: "Content-Type")
        if !token.isEmpty { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        return perform(request)
    }

    static func get(_ url: String, token: String) -> (Int, Data) {
        var request = URLRequest(url: URL(string: url)!)
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        return perform(request)
    }

    private static func perform(_ request: URLRequest) -> (Int, Data) {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result = (0, Data())
        URLSession.shared.dataTask(with: request) { data, response, _ in
            result = ((response as? HTTPURLResponse)?.statusCode ?? 0, data ?? Data())
            done.signal()
        }.resume()
        done.wait()
        return result
    }
}
