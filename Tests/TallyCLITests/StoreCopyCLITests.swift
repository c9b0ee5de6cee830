import Foundation
import GRDB
import TallyTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `tally copy` with the real binary and real servers: a SQLite server's three people, copied to PostgreSQL
/// and served from there, sign in with their old passwords, see only their own entries and photo, keep their
/// token, channel, calendar and widget addresses; the same copied back to SQLite; a second copy changes nothing; a
/// target holding someone else is refused.
@Suite(.serialized, .enabled(if: PostgresTestDatabase.enabled)) struct StoreCopyCLITests {
    static let names = ["ana", "ben", "cleo"]
    static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]) + Data("JFIF".utf8) + Data(repeating: 5, count: 64)

    /// What one person was given on the first server.
    struct Person {
        let name: String
        let token: String
        let amount: Int
        let image: String
        let calendar: String
        /// 64 hex digits, as a widget secret is: `aaa…` for ana.
        var widget: String { Self.widgetSecret(name) }
        static func widgetSecret(_ name: String) -> String { String(repeating: String(name.prefix(1)), count: 64) }
    }

    @Test func aServerMovesToPostgreSQLAndBackWithEveryoneWhole() throws {
        let database = try PostgresTestDatabase()
        defer { database.drop() }
        let source = try TallyBinary()
        defer { source.remove() }
        let people = try Self.populate(source)

        let copied = try source.run(["copy", "--to", database.url])
        #expect(copied.status == 0, "\(copied.stderr)")
        #expect(copied.stdout.contains("Both stores hold the same for every person."), "\(copied.stdout)")
        #expect(copied.stdout.contains("cleo    channels"))

        let again = try source.run(["copy", "--to", database.url, "--json"])
        #expect(again.status == 0, "\(again.stderr)")
        let rows = try #require(
            (try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])?["rows"]
                as? [[String: Any]])
        #expect(!rows.isEmpty)
        #expect(rows.allSatisfy { $0["equal"] as? Bool == true && $0["source"] as? Int == $0["target"] as? Int })

        try Self.expectServed(people, by: ServerProcess(data: source, database: database.url))

        let back = try TallyBinary()
        defer { back.remove() }
        let returned = try back.run(
            ["copy", "--database", database.url, "--to", back.dataDirectory.path], useDataDirOption: false)
        #expect(returned.status == 0, "\(returned.stderr)")
        #expect(returned.stdout.contains("Both stores hold the same for every person."), "\(returned.stdout)")
        try Self.expectServed(people, by: ServerProcess(data: back))

        let other = try TallyBinary()
        defer { other.remove() }
        #expect(try other.run(["users", "add", "dora"], stdin: "dora's long password\n").status == 0)
        let refused = try source.run(["copy", "--to", other.dataDirectory.path])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("copy into an empty database"), "\(refused.stderr)")
    }

    /// Three people on a SQLite server, each with a password, a token, a water entry, a photo, a webhook
    /// with its secret and a calendar feed.
    static func populate(_ data: TallyBinary) throws -> [Person] {
        var tokens: [String] = []
        for name in names {
            #expect(try data.run(["users", "add", name], stdin: "\(name)'s long password\n").status == 0)
            tokens.append(
                try data.run(["tokens", "create", "phone", "--user", name]).stdout
                    .trimmingCharacters(in: .whitespacesAndNewlines))
        }
        try turnOnWidgets(names, in: data)
        let server = try ServerProcess(data: data)
        try server.start()
        defer { server.stop() }
        return try zip(names, tokens).enumerated().map { index, pair in
            let (name, token) = pair
            let amount = 100 * (index + 1)
            #expect(
                HTTP.send(
                    "POST", "\(server.url)/api/v1/water/entries", token: token, body: #"{"amountMl": \#(amount)}"#)
                    == 201)
            let (uploaded, upload) = HTTP.exchange(
                "POST", "\(server.url)/api/v1/images", token: token, body: jpeg + Data(name.utf8),
                type: "application/octet-stream")
            #expect(uploaded == 201)
            let channel =
                #"{"kind": "webhook", "url": "https://example.com/\#(name)", "name": "hook", "token": "\#(name)-secret-0123456789"}"#
            #expect(
                HTTP.send("POST", "\(server.url)/api/v1/notifications/channels", token: token, body: channel) == 201)
            let (opened, feed) = HTTP.exchange(
                "POST", "\(server.url)/api/v1/notifications/calendar", token: token, body: Data())
            #expect(opened == 200)
            return Person(
                name: name, token: token, amount: amount, image: try field("imageUrl", upload),
                calendar: try field("url", feed))
        }
    }

    /// Each person signs in with their password, their token sees their entry alone and their photo, their
    /// channel is there and their calendar address answers.
    static func expectServed(_ people: [Person], by server: ServerProcess) throws {
        try server.start()
        defer { server.stop() }
        for person in people {
            let signIn =
                #"{"user": "\#(person.name)", "password": "\#(person.name)'s long password", "name": "moved \#(server.port)"}"#
            #expect(HTTP.send("POST", "\(server.url)/api/v1/auth/tokens", token: "", body: signIn) == 201)
            let (status, body) = HTTP.get("\(server.url)/api/v1/water/entries?day=2026-11-22", token: person.token)
            #expect(status == 200)
            let entries =
                (try JSONSerialization.jsonObject(with: body) as? [String: Any])?["entries"] as? [[String: Any]]
            #expect(entries?.compactMap { ($0["amountMl"] as? Double).map { Int($0) } } == [person.amount])
            let image = HTTP.get(server.url + Self.path(person.image), token: person.token)
            #expect(image.0 == 200 && image.1 == jpeg + Data(person.name.utf8))
            let channels = HTTP.get("\(server.url)/api/v1/notifications/channels", token: person.token).1
            let listed =
                (try JSONSerialization.jsonObject(with: channels) as? [String: Any])?["channels"] as? [[String: Any]]
            #expect(listed?.compactMap { $0["url"] as? String } == ["https://example.com/\(person.name)"])
            #expect(HTTP.get(server.url + Self.path(person.calendar), token: person.token).0 == 200)
            #expect(HTTP.get("\(server.url)/widget/\(person.widget)/status.json", token: person.token).0 == 200)
        }
    }

    /// Gives each person the widget secret ``Person/widget``, written into the SQLite file (the web app's
    /// widget page is the only other way to turn widgets on).
    static func turnOnWidgets(_ names: [String], in data: TallyBinary) throws {
        let queue = try DatabaseQueue(path: data.dataDirectory.appendingPathComponent("tally.sqlite").path)
        try queue.write { db in
            for name in names {
                let id = try #require(
                    try String.fetchOne(db, sql: "SELECT id FROM users WHERE name = ?", arguments: [name]))
                try db.execute(
                    sql: "INSERT INTO widget_links (owner_id, secret) VALUES (?, ?)",
                    arguments: [UUID(uuidString: id), Person.widgetSecret(name)])
            }
        }
    }

    /// The path of an address that may be absolute.
    static func path(_ address: String) -> String {
        guard let url = URL(string: address), url.host != nil else { return address }
        return url.path
    }

    static func field(_ name: String, _ body: Data) throws -> String {
        try #require((try JSONSerialization.jsonObject(with: body) as? [String: Any])?[name] as? String)
    }
}
