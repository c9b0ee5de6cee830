import Foundation
import Testing

@Suite struct WaterCLITests {
    @Test func logsInEveryUnitAndReadsTheDay() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        let logged = try tally.run(["water", "250"])
        #expect(logged.status == 0 && logged.stdout.contains("Added 250 ml at 10:00"))
        #expect(logged.stdout.contains("250 / 2,000 ml (12%) · 1,750 ml to go"))
        #expect(try tally.run(["water", "8oz", "--at", "07:30", "--drink", "Tea"]).status == 0)
        #expect(try tally.run(["water", "0.5l"]).status == 0)
        let today = try tally.json(["water", "today", "--json"])
        #expect(today["day"] as? String == "2026-11-22" && today["totalMl"] as? Double == 986.59)
        let entries = try #require(today["entries"] as? [[String: Any]])
        #expect(entries.map { $0["localTime"] as? String } == ["10:00", "10:00", "07:30"])
        #expect(entries[2]["drinkKind"] as? String == "Tea" && entries[2]["source"] as? String == "cli")

        #expect(try tally.run(["water", "unit", "oz"]).stdout.contains("Unit: oz"))
        // A bare number is now ounces.
        #expect(try tally.run(["water", "8"]).stdout.contains("Added 8 oz"))
        let day = try tally.json(["water", "day", "2026-11-22", "--json"])
        #expect(day["totalMl"] as? Double == 1_223.18)
        #expect(try tally.run(["water", "today"]).stdout.contains("41.4 / 67.6 oz"))
    }

    @Test func goalPresetsDeleteUndoStatsAndToday() throws {
        var tally = try TallyBinary()
        defer { tally.remove() }
        tally.now = "2026-11-21T20:00:00-05:00"
        #expect(try tally.run(["water", "goal", "1.5l"]).stdout.contains("Daily goal: 1,500 ml"))
        #expect(try tally.run(["water", "1600"]).status == 0)
        tally.now = "2026-11-22T10:00:00-05:00"
        #expect(try tally.run(["water", "goal", "3000"]).status == 0)
        #expect(try tally.json(["water", "goal", "--json"])["goalMl"] as? Double == 3_000)
        let presets = try tally.run(["water", "presets", "500", "250", "1000"])
        #expect(presets.stdout.contains("Presets: 500 ml, 250 ml, 1,000 ml"))
        #expect(try tally.run(["water", "presets", "--reset"]).stdout.contains("Presets: 250 ml, 500 ml"))

        let added = try tally.json(["water", "700", "--json"])
        let id = try #require(added["id"] as? String)
        #expect(try tally.run(["water", "300"]).status == 0)
        #expect(try tally.run(["water", "undo"]).stdout.contains("Took back 300 ml"))
        #expect(try tally.run(["water", "delete", id]).stdout.contains("Deleted 700 ml"))
        #expect(try tally.run(["water", "delete", id]).status != 0)

        #expect(try tally.run(["water", "2000"]).status == 0)
        let stats = try tally.json(["water", "stats", "--json"])
        // Yesterday met its own 1,500 ml goal; today's 2,000 ml is short of the new 3,000.
        #expect(stats["daysMet"] as? Int == 1 && stats["currentStreak"] as? Int == 1)
        #expect(stats["totalMl"] as? Double == 3_600 && stats["averageAllMl"] as? Double == 1_800)

        #expect(try tally.run(["pee"]).status == 0)
        let overview = try tally.json(["today", "--json"])
        #expect((overview["bathroom"] as? [String: Any])?["count"] as? Int == 1)
        #expect((overview["water"] as? [String: Any])?["totalMl"] as? Double == 2_000)
        #expect(try tally.run(["today"]).stdout.contains("Water: 2,000 / 3,000 ml (66%)"))
    }

    @Test(
        "bad input exits non-zero with the reason and stores nothing",
        arguments: [
            (["water", "0"], "more than 0"), (["water", "6000"], "5 litres"), (["water", "2cups"], "not a unit"),
            (["water", "goal", "0"], "AMOUNT: must be more than 0"), (["water", "presets", "250"], "2 to 4"),
            (["water", "unit", "cups"], "unit"),
            (["water", "day", "2026-02-30", "--json"], "DATE"), (["water", "undo"], "no water entry"),
            (["water", "9999999999999999999999999"], "1e+25 ml is more than 5 litres"),
            (["water", "goal", "9999999999999999999999999"], "more than 20 litres"),
            (["water", "presets", "9999999999999999999999999", "250"], "more than 5 litres"),
        ])
    func badInput(arguments: [String], message: String) throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        let result = try tally.run(arguments)
        #expect(result.status != 0)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(try tally.json(["water", "today", "--json"])["totalMl"] as? Double == 0)
    }
}
