import Foundation

/// What importing habits from another tracker does to what is stored: the skills, completions and
/// moments to add, and what is left out.
///
/// Every incoming item has an id made from where it came from (its provenance), so importing a file
/// again finds its items stored and changes nothing, and an imported item deleted since stays deleted.
/// A habit named like a skill the person has already (letter case aside) joins that skill instead of
/// making a second one; a day that skill has a completion for already keeps it. Each habit's notes of a
/// day become moments ("personal") of its skill on that day; its question, description and any target
/// a skill cannot hold (a fraction, an upper limit) become one moment on its first day.
public struct HabitImportPlan: Sendable {
    /// What is stored already, for the habits' provenance ids and names.
    public struct Stored: Sendable {
        /// Every skill of the person's, deleted ones included.
        public var skills: [Skill]
        /// Every completion of those skills, deleted ones included.
        public var completions: [SkillCompletion]
        /// Ids of the person's moments, deleted ones included.
        public var momentIDs: Set<UUID>

        public init(skills: [Skill], completions: [SkillCompletion], momentIDs: Set<UUID>) {
            self.skills = skills
            self.completions = completions
            self.momentIDs = momentIDs
        }
    }

    public private(set) var skills: [Skill] = []
    public private(set) var completions: [SkillCompletion] = []
    public private(set) var moments: [MemorableMoment] = []
    /// Items matching what the person had (a skill of the same name, a day already marked).
    public private(set) var duplicates = 0
    /// Items an earlier import of the same data stored.
    public private(set) var alreadyImported = 0

    public var additions: Int { skills.count + completions.count + moments.count }

    /// Plans `habits`, read from `source` ("Loop Habit Tracker"). `id` makes an item's provenance id from
    /// its key; `meta` makes a new record's metadata for an id; `today` bounds start and archive days.
    public init(
        _ habits: [ImportedHabit], source: String, stored: Stored, today: LocalDay, id: (String) -> UUID,
        meta: (UUID) -> RecordMeta
    ) throws(TallyError) {
        let storedSkills = Dictionary(stored.skills.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var liveByName: [String: Skill] = [:]
        for skill in stored.skills where !skill.meta.isDeleted {
            liveByName[Self.nameKey(skill.name)] = liveByName[Self.nameKey(skill.name)] ?? skill
        }
        let storedCompletionIDs = Set(stored.completions.map(\.meta.id))
        var markedDays: [UUID: Set<LocalDay>] = [:]
        for completion in stored.completions { markedDays[completion.skillID, default: []].insert(completion.day) }

        for habit in habits {
            let key = "habit\n\(habit.key)"
            let skillID = id(key)
            let done = habit.days.filter { $0.level != .none }
            let notes = habit.days.filter { $0.note != nil }
            let target: UUID
            if let skill = storedSkills[skillID] {
                alreadyImported += 1
                guard !skill.meta.isDeleted else {
                    alreadyImported += done.count + notes.count
                    continue
                }
                target = skillID
            } else if let skill = liveByName[Self.nameKey(habit.name)] {
                duplicates += 1
                target = skill.id
            } else {
                skills.append(try Self.skill(of: habit, meta: meta(skillID), today: today))
                target = skillID
            }
            for day in done {
                let completionID = id("\(key)\n\(day.day)")
                if storedCompletionIDs.contains(completionID) {
                    alreadyImported += 1
                } else if markedDays[target]?.contains(day.day) == true {
                    duplicates += 1
                } else {
                    completions.append(
                        SkillCompletion(meta: meta(completionID), skillID: target, day: day.day, level: day.level))
                    markedDays[target, default: []].insert(day.day)
                }
            }
            var notesToAdd = notes.compactMap { day in day.note.map { (day.day, "\(key)\n\(day.day)\nnote", $0) } }
            if let about = Self.about(habit, source: source) {
                notesToAdd.append((Self.firstDay(of: habit, today: today), "\(key)\nabout", about))
            }
            for (day, noteKey, text) in notesToAdd {
                let momentID = id(noteKey)
                if stored.momentIDs.contains(momentID) {
                    alreadyImported += 1
                    continue
                }
                let isAbout = noteKey.hasSuffix("\nabout")
                let title = isAbout ? Self.clipped("About \(habit.name)", to: SkillText.maxName) : Self.title(of: text)
                let details = isAbout || title != text ? Self.clipped(text, to: SkillText.maxDescription) : nil
                let moment = MemorableMoment(
                    meta: meta(momentID), title: title, details: details, day: day, category: .personal,
                    skillID: target)
                moments.append(try Self.checked(habit) { () throws(TallyError) in try moment.validated() })
            }
        }
    }

    /// The skill a habit becomes: its first recorded day starts it; an archived habit is archived the day
    /// after its last record (Loop and the others do not say when), never after today.
    static func skill(of habit: ImportedHabit, meta: RecordMeta, today: LocalDay) throws(TallyError) -> Skill {
        let start = firstDay(of: habit, today: today)
        var target: SkillTarget?
        // A skill's target is an amount to reach; an upper limit ("at most 3 coffees") would read as one to
        // reach, so it stays in the habit's note only.
        if let measure = habit.measure, !measure.atMost {
            let unit = clipped(measure.unit.trimmingCharacters(in: .whitespacesAndNewlines), to: SkillText.maxUnit)
            target = SkillTarget(
                amount: min(max(Int(measure.target.rounded()), 1), 10_000), unit: unit.isEmpty ? "times" : unit,
                period: measure.period)
        }
        let fields = SkillFields(
            name: cleaned(habit.name), category: habit.category.rawValue, frequency: habit.rate.frequency,
            startDay: start, target: target)
        let checked = try Self.checked(habit) { () throws(TallyError) in
            try fields.validated(categories: SkillCategories(custom: []))
        }
        var archivedOn: LocalDay?
        if habit.archived {
            let last = habit.days.map(\.day).max() ?? start
            archivedOn = max(start, min(today, last.adding(days: 1)))
        }
        return Skill(meta: meta, fields: checked, archivedOn: archivedOn)
    }

    static func firstDay(of habit: ImportedHabit, today: LocalDay) -> LocalDay {
        min(habit.days.map(\.day).min() ?? today, today)
    }

    /// The note kept about a habit: its question and description, a target a skill cannot hold exactly,
    /// and where it came from; nil when there is nothing but the last.
    static func about(_ habit: ImportedHabit, source: String) -> String? {
        var parts: [String] = []
        if let about = habit.about.map(cleaned), !about.isEmpty { parts.append(about) }
        if let measure = habit.measure, measure.atMost || measure.target.rounded() != measure.target {
            parts.append("Target: \(measure.label).")
        }
        guard !parts.isEmpty else { return nil }
        parts.append("Imported from \(source).")
        return parts.joined(separator: "\n\n")
    }

    /// A note's first line, cut to fit a moment's title.
    static func title(of note: String) -> String {
        let line = note.split(whereSeparator: \.isNewline).first.map(String.init) ?? note
        return clipped(line.trimmingCharacters(in: .whitespaces), to: SkillText.maxName)
    }

    /// `text` without NUL characters and surrounding space, cut to `limit` characters with an ellipsis.
    static func clipped(_ text: String, to limit: Int) -> String {
        let text = cleaned(text)
        return text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }

    static func cleaned(_ text: String) -> String {
        StoredText.withoutNUL(text).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func nameKey(_ name: String) -> String {
        cleaned(name).lowercased()
    }

    /// Runs `body`, naming the habit and its place in the file in any error.
    static func checked<T>(_ habit: ImportedHabit, _ body: () throws(TallyError) -> T) throws(TallyError) -> T {
        let result: Result<T, TallyError> = Result { () throws(TallyError) in try body() }
        switch result {
        case .success(let value): return value
        case .failure(.invalid(let field, let reason)):
            throw .unreadable("\(habit.place): the habit \"\(habit.name)\" cannot be imported: its \(field) \(reason)")
        case .failure(let error):
            throw .unreadable("\(habit.place): the habit \"\(habit.name)\" cannot be imported: \(error)")
        }
    }
}
