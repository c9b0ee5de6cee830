import Foundation
import Testing

@Suite struct SkillsCLITests {
    @Test func addCompleteAndReadTheDayAndProgress() throws {
        var tally = try TallyBinary()
        defer { tally.remove() }
        tally.now = "2026-11-16T08:00:00-05:00"
        let added = try tally.run([
            "skills", "add", "Piano", "--category", "Creative Skills", "--frequency", "mon,thu", "--rollover",
        ])
        #expect(added.status == 0 && added.stdout.contains("Added Piano: Mon, Thu, Open-ended"))
        #expect(try tally.run(["skills", "add", "Run", "--category", "fitness", "--days", "30"]).status == 0)
        #expect(try tally.run(["skills", "done", "run", "--partial"]).stdout.contains("Run on 2026-11-16: partial"))
        let monday = try tally.json(["skills", "--json"])
        #expect(monday["day"] as? String == "2026-11-16" && monday["partial"] as? Int == 1)
        // Tuesday: Piano was missed on Monday and rolls over; Run is due (daily).
        tally.now = "2026-11-17T08:00:00-05:00"
        let tuesday = try tally.json(["skills", "--json"])
        let tasks = try #require(tuesday["tasks"] as? [[String: Any]])
        // Grouped by category in the category list's order: Fitness before Creative Skills.
        #expect(tasks.map { $0["name"] as? String } == ["Run", "Piano"])
        #expect(tasks[1]["rolledOverFrom"] as? String == "2026-11-16" && tasks[1]["due"] as? Bool == false)
        #expect(try tally.run(["skills"]).stdout.contains("[ ] Piano  ↪ rolled over from 2026-11-16"))
        #expect(try tally.run(["skills", "done", "Piano"]).status == 0)
        let monday2 = try tally.json(["skills", "--date", "2026-11-16", "--json"])
        #expect((monday2["tasks"] as? [[String: Any]])?.count == 2)
        let progress = try tally.json(["skills", "progress", "--json"])
        let total = try #require(progress["total"] as? [String: Any])
        // Monday: Piano missed, Run partial. Tuesday (today): Piano done (a carried task); Run is not done yet,
        // and the day is not over, so it is not missed: 3 tasks.
        #expect(total["tasks"] as? Int == 3 && total["full"] as? Int == 1 && total["partial"] as? Int == 1)
        #expect(progress["activeSkills"] as? Int == 2)
        #expect((progress["heatmap"] as? [[String: Any]])?.last?["level"] as? Int == 2)
    }

    /// `tally skills rule`: set, shown, applied when water is logged, refused in words, removed.
    @Test func aRuleSetFromTheCommandLineCompletesTheSkill() throws {
        var tally = try TallyBinary()
        defer { tally.remove() }
        tally.now = "2026-11-16T18:00:00-05:00"
        #expect(try tally.run(["skills", "add", "Hydrate"]).status == 0)
        #expect(try tally.run(["skills", "rule", "Hydrate"]).stdout.contains("Hydrate has no rule."))
        let set = try tally.run(["skills", "rule", "hydrate", "--water", "1.5l", "--journal", "--any"])
        #expect(
            set.status == 0 && set.stdout.contains("Hydrate is done when water at least 1,500 ml or a journal entry."))
        let refused = try tally.run(["skills", "rule", "Hydrate", "--mood", "ecstatic"])
        #expect(refused.status != 0 && refused.stderr.contains("'ecstatic' is not a mood"))
        #expect(try tally.run(["water", "1600ml"]).status == 0)
        #expect(try tally.run(["skills"]).stdout.contains("[x] Hydrate  (by rule: 1,600 ml)"))
        let day = try tally.json(["skills", "--json"])
        #expect((day["tasks"] as? [[String: Any]])?.first?["ruleDetail"] as? String == "1,600 ml")
        let shown = try tally.json(["skills", "rule", "Hydrate", "--json"])
        #expect((shown["rule"] as? [String: Any])?["combine"] as? String == "any")
        #expect(
            try tally.run(["skills", "rule", "Hydrate", "--remove"]).stdout.contains("Removed the rule of Hydrate"))
        #expect(try tally.json(["skills", "rule", "Hydrate", "--json"])["rule"] is NSNull)
    }

    /// `tally insights`: five topics, each saying how much it needs on a new store.
    @Test func insightsSayHowMuchTheyNeed() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        let insights = try tally.json(["insights", "--json"])
        let items = try #require(insights["insights"] as? [[String: Any]])
        #expect(items.count == 5 && items.allSatisfy { $0["enough"] as? Bool == false })
        #expect(try tally.run(["insights"]).stdout.contains("Not enough yet"))
    }

    @Test func routineAndMoments() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        #expect(try tally.run(["routine", "done", "stretch", "--partial"]).status == 0)
        #expect(try tally.run(["routine", "done", "water"]).status == 0)
        let routine = try tally.json(["routine", "--json"])
        let habits = try #require(routine["habits"] as? [[String: Any]])
        #expect(habits.map { $0["level"] as? String } == ["none", "partial", "none", "full"])
        #expect(try tally.run(["skills", "add", "Guitar"]).status == 0)
        let moment = try tally.run([
            "moments", "add", "First song", "--category", "milestone", "--skill", "guitar", "--date", "2026-11-20",
        ])
        #expect(moment.status == 0 && moment.stdout.contains("Recorded milestone on 2026-11-20: First song"))
        #expect(try tally.run(["moments", "add", "Calm", "--category", "personal"]).status == 0)
        #expect(try tally.run(["moments", "--category", "milestone"]).stdout.contains("First song"))
        #expect(!(try tally.run(["moments", "--category", "milestone"]).stdout.contains("Calm")))
        #expect(try tally.run(["moments", "--from", "2026-11-21", "--to", "2026-11-22"]).stdout.contains("Calm"))
    }

    /// Seed 004's "monthly" makes a monthly skill, not one read as Monday; days of the month are named.
    @Test func monthlyFrequencies() throws {
        var tally = try TallyBinary()
        defer { tally.remove() }
        tally.now = "2026-11-16T08:00:00-05:00"
        let monthly = try tally.json(["skills", "add", "Budget", "--frequency", "monthly", "--json"])
        #expect(monthly["frequency"] as? String == "1/month", "\(monthly)")
        let rent = try tally.run(["skills", "add", "Rent", "--frequency", "day-1,15"])
        #expect(rent.stdout.contains("Added Rent: Monthly on the 1st and 15th"), "\(rent.stdout)")
        // On the 16th only Budget is due (until done once this month); Rent waits for 1 December.
        let day = try tally.json(["skills", "--json"])
        #expect((day["tasks"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Budget"], "\(day)")
    }

    @Test(
        arguments: [
            (["skills", "add", ""], "name: must not be empty"),
            (["skills", "add", String(repeating: "a", count: 500)], "name: is 500 characters; at most 100 fit"),
            (["skills", "add", "Swim", "--frequency", "0/week"], "frequency: 0 times a week is not possible"),
            (["skills", "add", "Swim", "--frequency", "8/week"], "frequency: 8 times a week is not possible"),
            (["skills", "add", "Swim", "--frequency", "mondays"], "use daily, weekly, N/week (1 to 7)"),
            (["skills", "add", "Swim", "--frequency", "day-32"], "'32' in 'day-32' is not a day of the month"),
            (["skills", "add", "Swim", "--start", "2026-11-10", "--end", "2026-11-01"], "end: 2026-11-01 is before"),
            (["skills", "add", "Swim", "--category", "Cooking"], "category: 'Cooking' is not a category"),
            (["skills", "done", "Nothing"], "no skill with id Nothing"),
            (["routine", "done", "jog"], "HABIT: 'jog' is not a morning habit"),
            (["moments", "add", "X", "--category", "party"], "--category: 'party' is not a moment category"),
        ])
    func badInputExitsNonZeroAndStoresNothing(_ arguments: [String], _ message: String) throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        let result = try tally.run(arguments)
        #expect(result.status != 0)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try tally.run(["skills", "list"]).stdout.isEmpty)
    }
}
