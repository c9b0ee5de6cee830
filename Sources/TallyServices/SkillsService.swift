import Foundation
import TallyCore
import TallyStorage

/// The skills tracker's use cases (seed 004): skills, their completions and every progress view.
public struct SkillsService: Sendable {
    let scope: UserScope

    /// Adds a skill; nothing is stored unless every field is right.
    public func add(_ draft: SkillDraft) async throws -> Skill {
        let now = try await scope.now()
        let draft = try await withCustomCategory(draft, stored: nil)
        let fields = try draft.fields(today: now.today, categories: try await categories())
        return try await written(Skill(meta: scope.newMeta(at: now.instant), fields: fields))
    }

    /// Replaces a skill's fields.
    public func update(id: UUID, _ draft: SkillDraft) async throws -> Skill {
        let now = try await scope.now()
        var skill = try await skill(id: id)
        let draft = try await withCustomCategory(draft, stored: skill.fields.category)
        let fields = try draft.fields(today: now.today, categories: try await categories())
        // An unchanged save writes nothing: no new stamp to sync, no history recomputed.
        guard fields != skill.fields else { return skill }
        skill.fields = fields
        return try await changed(skill, at: now.instant)
    }

    /// Archives a skill from today on (earlier days keep it), or brings it back.
    public func setArchived(id: UUID, _ archived: Bool) async throws -> Skill {
        let now = try await scope.now()
        var skill = try await skill(id: id)
        skill.archivedOn = archived ? now.today : nil
        if !archived, let end = skill.fields.endDay, end < now.today {
            throw TallyError.invalid(field: "end", reason: "the time frame ended on \(end); change the end date first")
        }
        return try await changed(skill, at: now.instant)
    }

    public func setRollover(id: UUID, _ rollover: Bool) async throws -> Skill {
        var skill = try await skill(id: id)
        skill.fields.rollover = rollover
        return try await changed(skill, at: scope.clock.now())
    }

    /// Clears the review reminder of a skill whose time frame ended.
    public func markReviewed(id: UUID) async throws -> Skill {
        let now = try await scope.now()
        var skill = try await skill(id: id)
        skill.reviewedOn = now.today
        return try await changed(skill, at: now.instant)
    }

    /// Deletes a skill: it becomes a tombstone every read hides, with its completions left for history.
    public func delete(id: UUID) async throws {
        var skill = try await skill(id: id)
        skill.meta.isDeleted = true
        _ = try await changed(skill, at: scope.clock.now())
    }

    public func skill(id: UUID) async throws -> Skill {
        guard let skill = try await scope.store.skill(id: id, owner: scope.owner) else {
            throw TallyError.notFound(kind: "skill", id: id.text)
        }
        return skill
    }

    /// A skill by id, or by name (any case; an active one before an archived one).
    public func find(_ text: String) async throws -> Skill {
        if let id = UUID(text: text) { return try await skill(id: id) }
        let today = try await scope.now().today
        let wanted = text.trimmingCharacters(in: .whitespaces)
        let matches = try await scope.store.skills(owner: scope.owner).filter {
            $0.name.caseInsensitiveCompare(wanted) == .orderedSame
        }
        // Skills in use before archived ones; then a name written exactly so; more than one is a question
        // for the person, not a guess (`done read` once ticked the first of "Read", "read" and "Read").
        let active = matches.filter { !$0.isArchived(on: today) }
        let candidates = active.isEmpty ? matches : active
        let exact = candidates.filter { $0.name == wanted }
        if candidates.count == 1 { return candidates[0] }
        if exact.count == 1 { return exact[0] }
        guard !candidates.isEmpty else { throw TallyError.notFound(kind: "skill", id: text) }
        let listed = (exact.isEmpty ? candidates : exact).map { "\($0.name) (\($0.id.text))" }
        throw TallyError.invalid(
            field: "skill",
            reason: "'\(wanted)' is the name of \(listed.count) skills: \(listed.joined(separator: ", ")); give its id")
    }

    /// Every skill, archived ones included, by name.
    public func all() async throws -> [Skill] {
        try await scope.store.skills(owner: scope.owner).sorted { $0.name.lowercased() < $1.name.lowercased() }
    }

    /// Sets how much of a skill's task was done on a day (today by default). One record per skill and
    /// day: setting it again replaces it, and `none` clears it.
    @discardableResult
    public func complete(id: UUID, level: CompletionLevel, day: LocalDay? = nil) async throws -> SkillCompletion {
        let now = try await scope.now()
        let skill = try await skill(id: id)
        let day = day ?? now.today
        guard day <= now.today else {
            throw TallyError.invalid(
                field: "date", reason: "\(day) is in the future; tasks are done on or before today")
        }
        guard skill.fields.startDay <= day else {
            throw TallyError.invalid(
                field: "date", reason: "\(day) is before \(skill.name) starts (\(skill.fields.startDay))")
        }
        let current = try await scope.store.skillCompletion(owner: scope.owner, skillID: id, day: day)
        // The same level again (a retry, a replayed offline tap) changes nothing and stores nothing. A tap on
        // a task a rule completed makes the day the person's: the rule leaves it alone from then on.
        if let current, !current.meta.isDeleted, current.level == level, !current.isByRule { return current }
        var completion =
            current ?? SkillCompletion(meta: scope.newMeta(at: now.instant), skillID: id, day: day, level: level)
        completion.level = level
        completion.ruleDetail = nil
        completion.meta.isDeleted = false
        completion.meta.modifiedAt = now.instant
        let stored = try await scope.store.write(completion, now: now.instant)
        // Another skill's rule may wait for this one.
        try await scope.skillRules.evaluate(days: [day])
        return stored
    }

    /// The home screen's data for `day` (today by default).
    public func home(day: LocalDay? = nil) async throws -> SkillsHome {
        let now = try await scope.now()
        let selected = day ?? now.today
        let week = SkillPeriods.weekStart(selected)
        async let routine = scope.routine.day(selected)
        async let categories = categories()
        let book = try await book(from: week, to: week.adding(days: 6))
        var home = SkillsHome(
            book: book, categories: try await categories, routine: try await routine, selected: selected, now: now)
        let completions = try await scope.store.records(
            SkillCompletion.self, owner: scope.owner, .days(selected...selected))
        for completion in completions where completion.day == selected {
            home.ruleNotes[completion.skillID] = completion.ruleDetail
        }
        return home
    }

    /// The tasks of one day.
    public func tasks(on day: LocalDay? = nil) async throws -> [SkillTask] {
        try await home(day: day).tasks
    }

    /// The year's heatmap, ending today.
    public func heatmap() async throws -> SkillHeatmap {
        let today = try await scope.now().today
        return SkillHeatmap(book: try await book(from: SkillHeatmap.firstDay(today: today), to: today), today: today)
    }

    public func week(containing day: LocalDay? = nil) async throws -> SkillWeekView {
        let today = try await scope.now().today
        let start = SkillPeriods.weekStart(day ?? today)
        return SkillWeekView(
            book: try await book(from: start, to: start.adding(days: 6)), containing: start, today: today)
    }

    public func month(year: Int? = nil, month: Int? = nil) async throws -> SkillMonthView {
        let today = try await scope.now().today
        let year = year ?? today.year
        let month = month ?? today.month
        guard (1...9999).contains(year), let first = LocalDay(year: year, month: month, day: 1) else {
            throw TallyError.invalid(field: "month", reason: "\(year)-\(month) is not a month")
        }
        return SkillMonthView(
            book: try await book(from: first, to: SkillPeriods.monthEnd(first)), year: year, month: month, today: today)
    }

    public func year(_ year: Int? = nil) async throws -> SkillYearView {
        let today = try await scope.now().today
        let year = year ?? today.year
        guard (1...9999).contains(year) else {
            throw TallyError.invalid(field: "year", reason: "\(year) is not a year")
        }
        let first = LocalDay(year: year, month: 1, day: 1)!
        return SkillYearView(
            book: try await book(from: first, to: LocalDay(year: year, month: 12, day: 31)!), year: year, today: today)
    }

    /// Completion per skill and overall, from the first skill's start to today.
    public func progress() async throws -> SkillProgress {
        let today = try await scope.now().today
        let skills = try await scope.store.skills(owner: scope.owner)
        let first = skills.map(\.fields.startDay).min() ?? today
        return SkillProgress(book: try await book(from: min(first, today), to: today, skills: skills), today: today)
    }

    public func insights() async throws -> SkillInsights {
        let today = try await scope.now().today
        let first = SkillPeriods.addingMonths(-5, to: today)
        return SkillInsights(book: try await book(from: min(first, today.adding(days: -84)), to: today), today: today)
    }

    /// One skill's own history: its heatmap over the last year and its percentage.
    public func history(id: UUID) async throws -> (skill: Skill, heatmap: SkillHeatmap, score: SkillDayScore) {
        let today = try await scope.now().today
        let skill = try await skill(id: id)
        let from = min(skill.fields.startDay, SkillHeatmap.firstDay(today: today))
        let book = try await book(from: from, to: today, skills: [skill])
        return (
            skill, SkillHeatmap(book: book, today: today),
            book.score(of: 0, from: skill.fields.startDay, to: today, today: today)
        )
    }

    /// The predefined categories and the user's own.
    public func categories() async throws -> SkillCategories {
        SkillCategories(custom: try await scope.store.skillCategories(owner: scope.owner))
    }

    /// "Custom Category" chosen with a name: the person's category of that name (any case), made when there
    /// is none. Chosen without one it is refused, unless the skill is kept where it was (a skill whose own
    /// category was deleted shows as "Custom Category", and saving it unchanged keeps it so).
    private func withCustomCategory(_ draft: SkillDraft, stored: String?) async throws -> SkillDraft {
        let custom = PredefinedSkillCategory.custom.rawValue
        guard draft.category?.caseInsensitiveCompare(custom) == .orderedSame else { return draft }
        var draft = draft
        guard let name = draft.customCategory?.trimmingCharacters(in: .whitespaces), !name.isEmpty else {
            guard let stored, try await categories().entry(for: stored).key == custom else {
                throw TallyError.invalid(field: "Custom Category", reason: "give it a name")
            }
            draft.category = stored
            return draft
        }
        if let found = try? await categories().resolve(name), found.key != custom {
            draft.category = found.key
        } else {
            let look = PredefinedSkillCategory.custom
            draft.category = try await addCategory(name: name, colour: look.colour, icon: look.icon.rawValue).id.text
        }
        return draft
    }

    /// Adds a custom category; its name must not repeat one that exists.
    public func addCategory(name: String, colour: String, icon: String) async throws -> SkillCategory {
        let now = try await scope.now()
        let category = try SkillCategory(
            meta: scope.newMeta(at: now.instant), name: name, colour: colour, icon: try SkillIcon.parse(icon)
        ).validated()
        if (try? await categories().resolve(category.name)) != nil {
            throw TallyError.invalid(field: "name", reason: "there is already a category called \(category.name)")
        }
        let stored = try await scope.store.write(category, now: now.instant)
        return stored
    }

    /// Skills and their completions over the days `from...to`, with the look-back rollover needs.
    func book(from: LocalDay, to: LocalDay, skills: [Skill]? = nil) async throws -> SkillBook {
        let window = SkillLog.window(from: from, to: to)
        async let marks = scope.store.skillMarks(owner: scope.owner, in: window)
        var chosen = skills
        if chosen == nil { chosen = try await scope.store.skills(owner: scope.owner) }
        return SkillBook(skills: chosen ?? [], log: SkillLog(marks: try await marks, covering: window))
    }

    private func written(_ skill: Skill) async throws -> Skill {
        let stored = try await scope.store.write(skill, now: skill.meta.modifiedAt)
        return stored
    }

    private func changed(_ skill: Skill, at instant: Date) async throws -> Skill {
        var skill = skill
        skill.meta.modifiedAt = instant
        return try await written(skill)
    }
}
