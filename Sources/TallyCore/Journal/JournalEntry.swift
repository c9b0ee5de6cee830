import Foundation

/// Datekeeper's daily entry: one per person and day, with notes, a mood and a photo.
///
/// The day is the entry's identity: a copy written for the same day on another replica replaces this one.
public struct JournalEntry: Hashable, Codable, Sendable {
    public var meta: RecordMeta
    public var date: LocalDay
    public var fields: JournalEntryFields

    public init(meta: RecordMeta, date: LocalDay, fields: JournalEntryFields) {
        self.meta = meta
        self.date = date
        self.fields = fields
    }

    public var id: UUID { meta.id }
    public var mood: Mood? { fields.moodRating.flatMap(Mood.init(rating:)) }
}
