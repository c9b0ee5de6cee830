import Foundation
import TallyCore
import TallyServices
import TallyStorage
import Testing

/// Skills completed by rules (issue 53, item 1), on both databases: water amounts and goals, the journal
/// and its mood, the night's bathroom visits (decided once the night is over, DST nights included), another
/// skill, the ways of combining them; late data for the day before under a day start; a day set by hand
/// left alone; an evaluation that finds nothing new writing nothing; two replicas agreeing.
@Suite struct SkillRuleTests {
    static let zone = StoreUnderTest.zone

    /// `subject`'s scope at a New York wall-clock time.
    static func scope(_ subject: StoreUnderTest, at local: String) -> UserScope {
        subject.scope(now: TimeInput.parseISO(local, zone: zone)!)
    }

    static func skill(_ scope: UserScope, _ name: String) async throws -> Skill {
        try await scope.skills.add(SkillDraft(name: name, frequency: "daily", start: LocalDay("2026-01-01")!))
    }

    static func completion(_ scope: UserScope, _ skill: Skill, _ day: String) async throws -> SkillCompletion? {
        try await scope.store.skillCompletion(owner: scope.owner, skillID: skill.id, day: LocalDay(day)!)
            .flatMap { $0.meta.isDeleted ? nil : $0 }
    }

    @Test(arguments: Database.available)
    func waterReachingAnAmountCompletesTheSkillAndSaysWhatItSaw(_ database: Database) async throws {
        try await database.withStore { subject in
            let scope = Self.scope(subject, at: "2026-11-22T18:00:00")
            _ = try await scope.settings.update([.timeZone: Self.zone.identifier])
            let drink = try await Self.skill(scope, "Drink")
            try await scope.skillRules.set(SkillRuleDraft(water: "2000ml"), for: drink.id)
            _ = try await scope.water.log(amountML: 1_500, source: .cli)
            #expect(try await Self.completion(scope, drink, "2026-11-22") == nil)
            _ = try await scope.water.log(amountML: 650, source: .cli)
            let done = try #require(try await Self.completion(scope, drink, "2026-11-22"))
            #expect(done.level == .full && done.ruleDetail == "2,150 ml")
            // Nothing new: evaluating again writes nothing.
            #expect(try await scope.skillRules.evaluate(days: [LocalDay("2026-11-22")!]).isEmpty)
            // The drink deleted, the rule no longer holds: the rule's completion goes back to not done.
            let last = try #require(try await scope.water.day(LocalDay("2026-11-22")!).entries.first)
            try await scope.water.delete(id: last.id)
            #expect(try await Self.completion(scope, drink, "2026-11-22")?.level == CompletionLevel.none)
        }
    }

    @Test(arguments: Database.available)
    func combinationsAndPartialCompletion(_ database: Database) async throws {
        try await database.withStore { subject in
            let scope = Self.scope(subject, at: "2026-11-22T18:00:00")
            _ = try await scope.settings.update([.timeZone: Self.zone.identifier])
            _ = try await scope.water.setGoal(2_000)
            let all = try await Self.skill(scope, "All")
            let any = try await Self.skill(scope, "Any")
            let two = try await Self.skill(scope, "Two")
            try await scope.skillRules.set(
                SkillRuleDraft(water: "goal", journal: true, mood: "good", partial: true), for: all.id)
            try await scope.skillRules.set(SkillRuleDraft(water: "goal", mood: "4", combine: "any"), for: any.id)
            try await scope.skillRules.set(
                SkillRuleDraft(water: "goal", journal: true, mood: "great", combine: "at least 2"), for: two.id)
            _ = try await scope.journal.save(
                on: LocalDay("2026-11-22")!, JournalEntryFields(notes: "walked", moodRating: 4))
            #expect(try await Self.completion(scope, all, "2026-11-22")?.level == .partial)
            #expect(try await Self.completion(scope, all, "2026-11-22")?.ruleDetail == "journal written; mood good")
            #expect(try await Self.completion(scope, any, "2026-11-22")?.level == .full)
            #expect(try await Self.completion(scope, two, "2026-11-22") == nil)
            _ = try await scope.water.log(amountML: 2_000, source: .cli)
            #expect(try await Self.completion(scope, all, "2026-11-22")?.level == .full)
            #expect(try await Self.completion(scope, two, "2026-11-22")?.level == .full)
        }
    }

    /// The night before 8 March 2026 springs forward in New York (02:00 becomes 03:00); the rule decides
    /// after the wake time (07:00) and counts what fell between 23:00 and 07:00 on the wall clock.
    @Test(arguments: Database.available)
    func aNightIsDecidedOnceItIsOverAcrossASpringForwardNight(_ database: Database) async throws {
        try await database.withStore { subject in
            let evening = Self.scope(subject, at: "2026-03-07T20:00:00")
            _ = try await evening.settings.update([.timeZone: Self.zone.identifier])
            let sleep = try await Self.skill(evening, "Sleep well")
            try await evening.skillRules.set(SkillRuleDraft(nightBathroomAtMost: "1"), for: sleep.id)
            for time in ["2026-03-07T23:30:00", "2026-03-08T03:30:00"] {
                let at = TimeInput.parseISO(time, zone: Self.zone)!
                _ = try await Self.scope(subject, at: "2026-03-08T06:00:00").bathroom.log(at: at)
            }
            let early = Self.scope(subject, at: "2026-03-08T06:30:00")
            #expect(try await early.skillRules.evaluate(days: [LocalDay("2026-03-08")!]).isEmpty)
            let morning = Self.scope(subject, at: "2026-03-08T07:05:00")
            // Two visits in the night: not done (nothing written).
            #expect(try await morning.skillRules.evaluate(days: [LocalDay("2026-03-08")!]).isEmpty)
            #expect(try await Self.completion(morning, sleep, "2026-03-08") == nil)
            // One deleted: done.
            let visits = try await morning.bathroom.events(from: LocalDay("2026-03-07")!, to: LocalDay("2026-03-08")!)
            try await morning.bathroom.delete(id: try #require(visits.first).id)
            let done = try #require(try await Self.completion(morning, sleep, "2026-03-08"))
            #expect(done.level == .full && done.ruleDetail == "1 in the night")
        }
    }

    /// With the day starting at 04:00, a glass at 01:30 belongs to the day before, and completes that day.
    @Test(arguments: Database.available)
    func lateDataCountsForTheDayItBelongsTo(_ database: Database) async throws {
        try await database.withStore { subject in
            let scope = Self.scope(subject, at: "2026-11-23T01:45:00")
            _ = try await scope.settings.update([.timeZone: Self.zone.identifier, .dayStart: "04:00"])
            let drink = try await Self.skill(scope, "Drink")
            try await scope.skillRules.set(SkillRuleDraft(water: "1 l"), for: drink.id)
            _ = try await scope.water.log(
                amountML: 600, at: TimeInput.parseISO("2026-11-22T20:00:00", zone: Self.zone)!, source: .cli)
            _ = try await scope.water.log(
                amountML: 400, at: TimeInput.parseISO("2026-11-23T01:30:00", zone: Self.zone)!, source: .cli)
            #expect(try await Self.completion(scope, drink, "2026-11-22")?.level == .full)
            #expect(try await Self.completion(scope, drink, "2026-11-23") == nil)
        }
    }

    @Test(arguments: Database.available)
    func aDaySetByHandIsThePersonsAndAnotherSkillCanWaitForIt(_ database: Database) async throws {
        try await database.withStore { subject in
            let scope = Self.scope(subject, at: "2026-11-22T18:00:00")
            _ = try await scope.settings.update([.timeZone: Self.zone.identifier])
            let drink = try await Self.skill(scope, "Drink")
            let stretch = try await Self.skill(scope, "Stretch")
            let after = try await Self.skill(scope, "Cool down")
            try await scope.skillRules.set(SkillRuleDraft(water: "500ml"), for: drink.id)
            try await scope.skillRules.set(SkillRuleDraft(afterSkills: ["stretch"]), for: after.id)
            // Not done, by hand: more water does not change it.
            try await scope.skills.complete(id: drink.id, level: .none)
            _ = try await scope.water.log(amountML: 800, source: .cli)
            let kept = try #require(try await Self.completion(scope, drink, "2026-11-22"))
            #expect(kept.level == CompletionLevel.none && !kept.isByRule)
            // Stretch ticked by hand completes the skill waiting for it.
            try await scope.skills.complete(id: stretch.id, level: .full)
            #expect(try await Self.completion(scope, after, "2026-11-22")?.ruleDetail == "Stretch done")
            // A tap on the rule's completion makes it the person's.
            try await scope.skills.complete(id: after.id, level: .full)
            #expect(try await Self.completion(scope, after, "2026-11-22")?.isByRule == false)
        }
    }

    @Test(arguments: Database.available)
    func whatARuleCannotBeIsRefusedInWords(_ database: Database) async throws {
        try await database.withStore { subject in
            let scope = Self.scope(subject, at: "2026-11-22T18:00:00")
            let drink = try await Self.skill(scope, "Drink")
            let cases: [(SkillRuleDraft, String)] = [
                (SkillRuleDraft(), "a rule needs at least one condition"),
                (SkillRuleDraft(water: "0"), "the water amount must be more than 0 and at most 20 litres"),
                (SkillRuleDraft(water: "lots"), "'lots' is not an amount: use a number such as 250, 250ml or 8oz"),
                (SkillRuleDraft(mood: "6"), "'6' is not a mood: use 1 (awful) to 5 (great), or its name"),
                (SkillRuleDraft(nightBathroomAtMost: "few"), "'few' is not a number of bathroom visits"),
                (SkillRuleDraft(water: "goal", combine: "3"), "'at least 3' must be 1 to 1, the number of conditions"),
                (SkillRuleDraft(afterSkills: ["drink"]), "a skill's rule cannot wait for the skill itself"),
            ]
            for (draft, message) in cases {
                do {
                    try await scope.skillRules.set(draft, for: drink.id)
                    Issue.record("\(draft) was taken")
                } catch TallyError.invalid(_, let reason) {
                    #expect(reason == message)
                }
            }
            #expect(try await scope.skillRules.all().isEmpty)
        }
    }

    /// Two replicas with the same records each evaluate the day, then exchange what they wrote: each keeps
    /// one completion for the skill and day, the same on both.
    @Test func twoReplicasAgreeOnTheRulesCompletion() async throws {
        try await Database.sqlite.withStore { first in
            try await Database.sqlite.withStore { second in
                let a = Self.scope(first, at: "2026-11-22T18:00:00")
                let b = Self.scope(second, at: "2026-11-22T18:00:30")
                _ = try await a.settings.update([.timeZone: Self.zone.identifier])
                let drink = try await Self.skill(a, "Drink")
                try await a.skillRules.set(SkillRuleDraft(water: "250ml"), for: drink.id)
                _ = try await a.water.log(amountML: 300, source: .cli)
                let now = StoreUnderTest.now
                // B receives everything but the completion A's rule made, and evaluates on its own.
                let shared = try await first.everything().filter { $0.kind != SkillCompletion.kind }
                _ = try await second.store.merge(shared, now: now)
                try await b.skillRules.evaluate(days: [LocalDay("2026-11-22")!])
                _ = try await second.store.merge(try await first.everything(), now: now)
                _ = try await first.store.merge(try await second.everything(), now: now)
                let left = try #require(try await Self.completion(a, drink, "2026-11-22"))
                let right = try #require(try await Self.completion(b, drink, "2026-11-22"))
                #expect(left.level == .full && right.level == .full && left.ruleDetail == right.ruleDetail)
                #expect(left.meta.id == right.meta.id)
                let completions = try await second.store.records(SkillCompletion.self, owner: b.owner, .all)
                #expect(completions.count == 1)
            }
        }
    }
}
