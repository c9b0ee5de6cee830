import Foundation
import MCP
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `/mcp` on a real `tally serve`: swift-sdk's own client (its HTTP transport, without SSE) with each
/// person's API token. Every tool answers what the API answers, refuses what it refuses with the same
/// message, and acts for the token's person only.
@Suite struct MCPHTTPTests {
    @Test func eachPersonsTokenReachesOnlyTheirOwnDataAndTheToolsAnswerAsTheAPI() async throws {
        try await Self.assistants(database: nil)
    }

    @Test(.enabled(if: PostgresTestDatabase.enabled))
    func onPostgreSQLTooEachTokenReachesOnlyItsPersonsData() async throws {
        let database = try PostgresTestDatabase()
        defer { database.drop() }
        try await Self.assistants(database: database.url)
    }

    static func assistants(database: String?) async throws {
        var tally = try TallyBinary()
        defer { tally.remove() }
        if let database { tally.environment["TALLY_DATABASE_URL"] = database }
        let dataDir = database == nil
        let added = [
            try tally.run(["users", "add", "ana"], stdin: "plum tree 42\n", useDataDirOption: dataDir),
            try tally.run(["users", "add", "bob"], stdin: "another plum 7\n", useDataDirOption: dataDir),
        ]
        #expect(added.allSatisfy { $0.status == 0 }, "\(added.map(\.stderr))")
        let ana = try tally.run(["tokens", "create", "assistant", "--user", "ana"], useDataDirOption: dataDir).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let bob = try tally.run(["tokens", "create", "assistant", "--user", "bob"], useDataDirOption: dataDir).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let server = try ServerProcess(data: tally, database: database)
        try server.start()
        defer { server.stop() }
        let api = API(base: server.url)
        let skill = try await api.send("POST", "/api/v1/skills", token: ana, body: #"{"name":"Stretch"}"#)
        #expect(skill.status == 201, "\(skill.text)")

        let mcp = try await MCPSession.http(server, token: ana)
        #expect(try await mcp.client.listTools().tools.map(\.name).sorted() == MCPStandardIOTests.tools)
        let water = try await mcp.call("log_water", ["amount": "8oz"])
        #expect(!water.isError && water.json["source"] as? String == "api", "\(water.text)")
        // What a tool answers is what is stored, as the API reads it back.
        let entryID = try #require(water.json["id"] as? String)
        #expect(sameJSON(water.text, try await api.send("GET", "/api/v1/water/entries/\(entryID)", token: ana).text))
        let void = try await mcp.call("log_bathroom", ["time": "07:15", "leak": true])
        #expect(void.json["leak"] as? Bool == true && void.json["localTime"] as? String == "07:15", "\(void.text)")
        #expect(
            try await mcp.call("tick_skill", ["skill": "Stretch", "level": "partial"]).json["level"] as? String
                == "partial")
        #expect(try await !mcp.call("add_reminder", ["title": "Refill", "date": "2026-11-23"]).isError)
        #expect(try await !mcp.call("add_journal_note", ["text": "Busy day", "date": "2026-11-21"]).isError)

        // The reads are the API's answers, the same JSON.
        let today = try await mcp.call("read_today")
        #expect(sameJSON(today.text, try await api.send("GET", "/api/v1/today", token: ana).text), "\(today.text)")
        let stats = try await mcp.call("read_water_stats")
        #expect(sameJSON(stats.text, try await api.send("GET", "/api/v1/water/stats", token: ana).text))
        let report = try await mcp.call("read_diary_report", ["from": "2026-11-20", "to": "2026-11-22"])
        let apiReport = try await api.send(
            "GET", "/api/v1/bathroom/diary/report?from=2026-11-20&to=2026-11-22", token: ana)
        #expect(sameJSON(report.text, apiReport.text))
        let day = try await mcp.call("read_day", ["date": "2026-11-21"])
        #expect((day.json["journal"] as? [String: Any])?["notes"] as? String == "Busy day")
        let apiWaterDay = try await api.send("GET", "/api/v1/water/days/2026-11-22", token: ana)
        let waterDay = try await mcp.call("read_day")
        #expect(canonicalJSON(waterDay.json["water"] ?? 0) == canonicalJSON(apiWaterDay.json), "\(waterDay.text)")

        // A refused input gets the API's message.
        let refusals: [(tool: String, arguments: [String: Value], path: String, body: String)] = [
            ("log_water", ["amount": "a lot"], "/api/v1/water/entries", #"{"amount":"a lot"}"#),
            (
                "add_journal_note", ["text": "Fine", "mood": 9], "/api/v1/journal/2026-11-22",
                #"{"notes":"Fine","moodRating":9}"#
            ),
        ]
        for (tool, arguments, path, body) in refusals {
            let refused = try await mcp.call(tool, arguments)
            let problem = try await api.send(path.hasSuffix("entries") ? "POST" : "PUT", path, token: ana, body: body)
            #expect(problem.status == 400)
            #expect(refused.isError && refused.text == problem.json["detail"] as? String, "\(tool): \(refused.text)")
        }
        await mcp.close()

        // Bob's token sees none of Ana's data and cannot touch it.
        let other = try await MCPSession.http(server, token: bob)
        let bobToday = try await other.call("read_today")
        #expect(bobToday.json["bathroomCount"] as? Int == 0, "\(bobToday.text)")
        #expect((bobToday.json["water"] as? [String: Any])?["totalMl"] as? Double == 0)
        #expect(
            (bobToday.json["tasks"] as? [Any])?.isEmpty == true
                && (bobToday.json["reminders"] as? [Any])?.isEmpty == true)
        #expect(try await other.call("read_day", ["date": "2026-11-21"]).json["journal"] == nil)
        #expect(try await other.call("read_water_stats").json["totalMl"] as? Double == 0)
        let skillID = try #require(skill.json["id"] as? String)
        let theirs = try await other.call("tick_skill", ["skill": .string(skillID)])
        #expect(theirs.isError && theirs.text == "no skill with id \(skillID)")
        #expect(try await other.call("tick_skill", ["skill": "Stretch"]).text == "no skill with id Stretch")
        await other.close()
        let anaAfter = try await api.send("GET", "/api/v1/skills/day", token: ana)
        #expect(((anaAfter.json["tasks"] as? [[String: Any]])?.first?["level"] as? String) == "partial")

        // Without a token: 401 with the API's challenge; GET has no stream to offer.
        let initialize =
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"curl","version":"1"}}}"#
        let anonymous = try await api.send("POST", "/mcp", token: nil, body: initialize)
        #expect(anonymous.status == 401 && anonymous.headers["www-authenticate"] == "Bearer")
        let get = try await api.send("GET", "/mcp", token: ana)
        #expect(get.status == 405 && get.headers["allow"] == "POST")
        // An id the protocol does not allow (MCP: a string or an integer) is refused, not left unanswered.
        let boolean = try await api.send(
            "POST", "/mcp", token: ana, body: #"{"jsonrpc":"2.0","id":true,"method":"ping"}"#)
        #expect(boolean.status == 400, "\(boolean.text)")
        // A plain client with no Accept header is answered in JSON.
        let plain = try await api.send("POST", "/mcp", token: ana, body: initialize)
        #expect(plain.status == 200 && (plain.json["result"] as? [String: Any])?["serverInfo"] != nil, "\(plain.text)")
    }

    /// Plain HTTP requests to the server, for the API's side of each comparison.
    struct API {
        struct Reply {
            let status: Int
            /// By lowercase name.
            let headers: [String: String]
            let text: String
            var json: [String: Any] {
                (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
            }
        }

        let base: String

        func send(_ method: String, _ path: String, token: String?, body: String? = nil) async throws -> Reply {
            var request = URLRequest(url: URL(string: base + path)!)
            request.httpMethod = method
            if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
            if let body {
                request.httpBody = Data(body.utf8)
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            }
            let (data, response) = try await URLSession.shared.data(for: request)
            let http = response as? HTTPURLResponse
            var headers: [String: String] = [:]
            for (name, value) in http?.allHeaderFields ?? [:] {
                if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
            }
            return Reply(status: http?.statusCode ?? 0, headers: headers, text: String(decoding: data, as: UTF8.self))
        }
    }
}
