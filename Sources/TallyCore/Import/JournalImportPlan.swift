import Foundation

/// What importing a diary (Daylio's entries) does to the journal, which keeps one entry a day.
///
/// A day's entries become one journal entry: their times, moods, activities and notes in order, and the
/// mean of their moods. A day with no entry gets one whose id is made from where it came from, so a second
/// import finds it and changes nothing (and a deleted one stays deleted). A day the person wrote about
/// already keeps what they wrote: the imported text is added under it (once: a day holding it is left
/// alone) and their mood stays.
public struct JournalImportPlan: Sendable {
    /// A day's entry to store: new (with its provenance id), or a stored entry with the imported text added.
    public struct Change: Sendable {
        public var id: UUID
        public var day: LocalDay
        public var fields: JournalEntryFields
        /// The entry of the day stored before (a deleted one, when this is a new entry).
        public var replacing: JournalEntry?
    }

    public private(set) var additions: [Change] = []
    public private(set) var updates: [Change] = []
    public private(set) var duplicates = 0
    public private(set) var alreadyImported = 0

    /// Plans `entries` against `stored` (the person's entries of those days, deleted ones included); `id`
    /// makes a day's provenance id.
    public init(
        _ entries: [DaylioEntry], moods: DaylioMoods, stored: [JournalEntry], id: (LocalDay) -> UUID
    ) throws(TallyError) {
        if let unrated = moods.unrated(entries) { throw unrated }
        // A day may hold a deleted entry and the live one made after it: the live one is the day's entry.
        let storedByDay = Dictionary(grouping: stored, by: \.date)
        let days = Dictionary(grouping: entries, by: \.day)
        for day in days.keys.sorted() {
            let dayEntries = days[day]!.sorted { ($0.minutes, $0.row) < ($1.minutes, $1.row) }
            var ratings: [Int] = []
            for entry in dayEntries { ratings.append(try moods.rating(of: entry.mood, row: entry.row)) }
            let mood = Int((Double(ratings.reduce(0, +)) / Double(ratings.count)).rounded())
            let text = Self.clipped(dayEntries.map(\.text).joined(separator: "\n\n"))
            let provenance = id(day)
            let lives = storedByDay[day] ?? []
            let existing = lives.first { !$0.meta.isDeleted } ?? lives.first
            if lives.contains(where: { $0.meta.id == provenance }) {
                alreadyImported += 1
            } else if let existing, !existing.meta.isDeleted {
                let notes = existing.fields.notes ?? ""
                if notes.contains(text) {
                    duplicates += 1
                    continue
                }
                var fields = existing.fields
                fields.notes = Self.clipped(notes.isEmpty ? text : notes + "\n\n" + text)
                fields.moodRating = fields.moodRating ?? mood
                updates.append(Change(id: existing.meta.id, day: day, fields: fields, replacing: existing))
            } else {
                additions.append(
                    Change(
                        id: provenance, day: day, fields: JournalEntryFields(notes: text, moodRating: mood),
                        replacing: existing))
            }
        }
    }

    /// The journal holds 10,000 characters a day; a longer day is cut there with an ellipsis.
    static func clipped(_ text: String) -> String {
        let limit = JournalEntryFields.maxNotesLength
        let cleaned = StoredText.withoutNUL(text)
        return cleaned.count <= limit ? cleaned : String(cleaned.prefix(limit - 1)) + "…"
    }
}
