import Foundation
import MCP
import Testing

/// `tally mcp`: swift-sdk's own client starts the built binary on a data directory and speaks MCP on its
/// standard input and output, as Claude Desktop does.
@Suite struct MCPStandardIOTests {
    static let tools = [
        "add_journal_note", "add_reminder", "log_bathroom", "log_water", "read_day", "read_diary_report",
        "read_today", "read_water_stats", "tick_skill",
    ]

    @Test func anAssistantLogsAndReadsTheLocalStoreThroughEveryTool() async throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        #expect(try tally.run(["skills", "add", "Stretch"]).status == 0)
        let mcp = try await MCPSession.standardIO(tally)

        let tools = try await mcp.client.listTools().tools
        #expect(tools.map(\.name).sorted() == Self.tools)
        for tool in tools {
            #expect(tool.inputSchema.objectValue?["type"] == "object", "\(tool.name)'s input schema")
        }
        #expect(tools.first { $0.name == "log_water" }?.inputSchema.objectValue?["required"] == ["amount"])

        let water = try await mcp.call("log_water", ["amount": "250ml", "time": "08:30"])
        #expect(!water.isError, "\(water.text)")
        #expect(water.json["amountMl"] as? Double == 250 && water.json["localTime"] as? String == "08:30")
        let void = try await mcp.call("log_bathroom", ["volume_ml": 300, "urgency": 2, "note": "after coffee"])
        #expect(!void.isError && void.json["volumeMl"] as? Int == 300 && void.json["note"] as? String == "after coffee")
        let tick = try await mcp.call("tick_skill", ["skill": "stretch"])
        #expect(tick.json["level"] as? String == "full" && tick.json["day"] as? String == "2026-11-22", "\(tick.text)")
        let reminder = try await mcp.call(
            "add_reminder", ["title": "Call the clinic", "date": "2026-11-25", "time": "10:00"])
        #expect(reminder.json["title"] as? String == "Call the clinic", "\(reminder.text)")
        #expect(reminder.json["date"] as? String == "2026-11-25T15:00:00.000Z")
        #expect(try await !mcp.call("add_journal_note", ["text": "Slept well", "mood": 4]).isError)
        let journal = try await mcp.call("add_journal_note", ["text": "Walked at noon"])
        #expect(journal.json["notes"] as? String == "Slept well\n\nWalked at noon", "\(journal.text)")
        #expect(journal.json["moodRating"] as? Int == 4)

        let today = try await mcp.call("read_today")
        #expect(today.json["bathroomCount"] as? Int == 1)
        #expect((today.json["water"] as? [String: Any])?["totalMl"] as? Double == 250)
        #expect((today.json["tasks"] as? [[String: Any]])?.first?["level"] as? String == "full")
        #expect((today.json["journal"] as? [String: Any])?["mood"] as? Int == 4)
        #expect(sameJSON(try await mcp.read("tally://today"), today.text))
        let day = try await mcp.call("read_day", ["date": "2026-11-22"])
        #expect((day.json["water"] as? [String: Any])?["totalMl"] as? Double == 250)
        #expect((day.json["bathroom"] as? [String: Any])?["count"] as? Int == 1)
        #expect((day.json["skills"] as? [String: Any])?["day"] as? String == "2026-11-22")
        #expect((day.json["journal"] as? [String: Any])?["moodRating"] as? Int == 4)
        #expect(sameJSON(try await mcp.read("tally://days/2026-11-22"), day.text))
        let stats = try await mcp.call("read_water_stats")
        #expect(stats.json["totalMl"] as? Double == 250)
        #expect(sameJSON(try await mcp.read("tally://water/stats"), stats.text))
        let report = try await mcp.call("read_diary_report", ["from": "2026-11-20", "to": "2026-11-22"])
        #expect(!report.isError && !report.json.isEmpty, "\(report.text)")
        #expect(sameJSON(try await mcp.read("tally://bathroom/diary-report/2026-11-20/2026-11-22"), report.text))

        // Refusals come back as tool errors naming what is wrong, and store nothing.
        let amount = try await mcp.call("log_water", ["amount": "a lot"])
        #expect(amount.isError && amount.text.hasPrefix("amount: "), "\(amount.text)")
        let future = try await mcp.call("tick_skill", ["skill": "Stretch", "date": "2026-12-01"])
        #expect(future.isError && future.text == "date: 2026-12-01 is in the future; tasks are done on or before today")
        let unknown = try await mcp.call("log_water", ["amount": "250", "colour": "blue"])
        #expect(unknown.isError && unknown.text.hasPrefix("colour: is not an argument of log_water"), "\(unknown.text)")
        let missing = try await mcp.call("add_reminder", ["title": "No day"])
        #expect(missing.isError && missing.text == "date: is required")
        await #expect(throws: MCPError.self) { try await mcp.read("tally://nowhere") }
        #expect(await mcp.close() == 0)

        // What the tools logged is in the store, as the CLI reads it.
        let cli = try tally.json(["today", "--json"])
        #expect((cli["water"] as? [String: Any])?["totalMl"] as? Double == 250)
        #expect(((cli["bathroom"] as? [String: Any])?["events"] as? [Any])?.count == 1)
    }

    @Test func onAServersStoreItActsForTheAccountNamed() async throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        #expect(try tally.run(["users", "add", "ana"], stdin: "plum tree 42\n").status == 0)
        #expect(try tally.run(["users", "add", "bob"], stdin: "another plum 7\n").status == 0)
        let bob = try await MCPSession.standardIO(tally, ["--user", "bob"])
        #expect(try await !bob.call("log_water", ["amount": "300"]).isError)
        #expect(await bob.close() == 0)
        let ana = try await MCPSession.standardIO(tally, ["--user", "ana"])
        #expect((try await ana.call("read_today").json["water"] as? [String: Any])?["totalMl"] as? Double == 0)
        #expect(await ana.close() == 0)
        let bobAgain = try await MCPSession.standardIO(tally, ["--user", "bob"])
        #expect((try await bobAgain.call("read_today").json["water"] as? [String: Any])?["totalMl"] as? Double == 300)
        #expect(await bobAgain.close() == 0)
        let nobody = try tally.run(["mcp", "--user", "cy"])
        #expect(nobody.status != 0 && nobody.stderr.contains("cy"), "\(nobody.stderr)")
    }
}
