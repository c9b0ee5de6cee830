import Foundation
import TallyCore
import TallyStorage

/// Skills completed by rules (issue 53): a skill's rule reads the day's water, journal, bathroom nights
/// and other skills, and sets the skill's completion for the day, marked as the rule's. A completion set
/// by hand is the person's word and is never changed by a rule; the person may set any day by hand.
///
/// A day is evaluated when something is logged on it (the services that write call ``evaluate(days:)``),
/// and the server evaluates today and yesterday every few minutes (``SkillRuleEvaluator``), which takes in
/// what arrived by sync or import and decides night conditions once the night is over. Evaluating twice,
/// or on two replicas, writes the same completion under the same natural key (skill and day), so replicas
/// agree; an evaluation that finds nothing new writes nothing.
public struct SkillRuleService: Sendable {
    let scope: UserScope

    /// Every rule, by skill. A server keeps them between requests (in its ``AccountCache``, whose version
    /// every change of a rule moves), so the water or bathroom write that asks for them reads nothing more.
    public func all() async throws -> [UUID: SkillRule] {
        if let cache = scope.reading?.cache {
            return try await cache.value(.skillRules(owner: scope.owner), read: read) ?? [:]
        }
        return try await read()
    }

    private func read() async throws -> [UUID: SkillRule] {
        let rules = try await scope.store.records(SkillRule.self, owner: scope.owner, .all)
        return Dictionary(rules.map { ($0.skillID, $0) }, uniquingKeysWith: { first, _ in first })
    }

    public func rule(for skillID: UUID) async throws -> SkillRule? { try await all()[skillID] }

    /// Sets a skill's rule (replacing any), then evaluates today and yesterday with it.
    @discardableResult
    public func set(_ draft: SkillRuleDraft, for skillID: UUID) async throws -> SkillRule {
        let now = try await scope.now()
        let skill = try await scope.skills.skill(id: skillID)
        var others: [UUID] = []
        for name in draft.afterSkills { others.append(try await scope.skills.find(name).id) }
        // One rule per skill (its natural key): a rule removed before comes back under its own id.
        let stored = try await scope.store.records(
            SkillRule.self, owner: scope.owner, RecordQuery(naturalKey: skill.id.text, includingDeleted: true)
        ).first
        var made = try draft.rule(
            for: skill.id, after: others, unit: now.settings.water.unit, meta: scope.newMeta(at: now.instant),
            stored: stored.flatMap { $0.meta.isDeleted ? nil : $0 })
        if let current = stored {
            if !current.meta.isDeleted, current.conditions == made.conditions,
                current.combination == made.combination, current.partial == made.partial
            {
                return current
            }
            made.meta = current.meta
            made.meta.isDeleted = false
            made.meta.modifiedAt = now.instant
        }
        let written = try await scope.store.write(made, now: now.instant)
        scope.reading?.forget()
        try await evaluate(days: [now.today.adding(days: -1), now.today])
        return written
    }

    /// Removes a skill's rule. The completions it made stay, as the days' record.
    public func remove(for skillID: UUID) async throws {
        let skill = try await scope.skills.skill(id: skillID)
        guard let rule = try await rule(for: skill.id) else {
            throw TallyError.notFound(kind: "rule", id: "for \(skill.name)")
        }
        try await scope.tombstone(rule)
        scope.reading?.forget()
    }

    /// What was logged on `day`, as rules read it.
    public func facts(on day: LocalDay, now: Now) async throws -> SkillRuleFacts {
        let water = try await scope.water.day(day).summary
        let journal = try await scope.journal.entry(on: day)
        let night = DiaryDayWindow(day: day.adding(days: -1), sleep: now.settings.sleep)
        var visits: Int?
        if now.zone.localDateTime(of: now.instant) >= night.nextWake {
            visits = try await nightVisits(night, from: day.adding(days: -1), to: day, now: now)
        }
        let marks = try await scope.store.skillMarks(owner: scope.owner, in: day...day)
        return SkillRuleFacts(
            waterML: water.totalML, waterGoalML: water.goalML > 0 ? water.goalML : nil,
            journalWritten: journal != nil, mood: journal?.mood?.rating, nightBathroomVisits: visits,
            doneSkills: Set(marks.filter { $0.level == .full }.map(\.skillID)))
    }

    /// The bathroom events of `night`, read from the days `from...to` newest first, at most
    /// ``UserScope/rangeReadLimit`` of them: a write on a day crowded beyond that (an import, a runaway
    /// script) counts the night's visits among the latest it read, which is already far past any rule's
    /// limit, rather than reading the whole day on every write.
    private func nightVisits(_ night: DiaryDayWindow, from: LocalDay, to: LocalDay, now: Now) async throws -> Int {
        let window = now.settings.boundary.candidateWindow(from: from, to: to, around: now.zone)
        var query = RecordQuery.instants(in: window)
        query.latest = UserScope.rangeReadLimit
        return try await scope.store.records(BathroomEvent.self, owner: scope.owner, query)
            .filter { night.isNight($0.localDateTime) }.count
    }

    /// Applies every rule to each of `days` (none after today), writing the completions that change;
    /// returns them. A skill done by one rule can complete another's ("after another skill"), so a day is
    /// gone over until nothing more changes.
    @discardableResult
    public func evaluate(days: [LocalDay]) async throws -> [SkillCompletion] {
        let rules = try await all()
        guard !rules.isEmpty else { return [] }
        let now = try await scope.now()
        let skills = Dictionary(try await scope.skills.all().map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let names = skills.mapValues(\.name)
        var written: [SkillCompletion] = []
        for day in Set(days) where day <= now.today {
            for _ in 0...rules.count {
                let facts = try await facts(on: day, now: now)
                var changed = false
                for rule in rules.values.sorted(by: { $0.skillID < $1.skillID }) {
                    guard let skill = skills[rule.skillID], skill.isActive(on: day) else { continue }
                    let outcome = rule.outcome(facts, unit: now.settings.water.unit, skillNames: names)
                    if let completion = try await apply(outcome, skill: skill.id, day: day, now: now) {
                        written.append(completion)
                        changed = true
                    }
                }
                if !changed { break }
            }
        }
        return written
    }

    /// Writes the rule's outcome for one skill and day, unless the person set that day by hand or the
    /// outcome is what is stored; nil when nothing was written.
    private func apply(
        _ outcome: SkillRuleOutcome, skill: UUID, day: LocalDay, now: Now
    ) async throws
        -> SkillCompletion?
    {
        let current = try await scope.store.skillCompletion(owner: scope.owner, skillID: skill, day: day)
        if let current, !current.meta.isDeleted {
            guard current.isByRule else { return nil }
            if current.level == outcome.level, current.ruleDetail == outcome.detail { return nil }
        } else if outcome.level == .none {
            return nil
        }
        var completion =
            current
            ?? SkillCompletion(meta: scope.newMeta(at: now.instant), skillID: skill, day: day, level: outcome.level)
        completion.level = outcome.level
        completion.ruleDetail = outcome.detail
        completion.meta.isDeleted = false
        completion.meta.modifiedAt = now.instant
        return try await scope.store.write(completion, now: now.instant)
    }
}
