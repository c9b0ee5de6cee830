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

extension JournalEntry: SyncedRecord {
    public static let kind = RecordKind(
        id: "journal entry", name: "journal entry", backupKey: "journalEntries", hasNaturalKey: true, hasLives: true)
    public var naturalKey: String? { date.description }
    public var imageNames: [String] { fields.imageUrl.flatMap(ImageReference.name(in:)).map { [$0] } ?? [] }
    public static let showsImages = true
    public var searchKey: Int64? { Int64(date.dayNumber) }

    public func validated(in batch: RecordBatch) throws(TallyError) -> JournalEntry {
        var entry = self
        entry.fields = try fields.validated()
        return entry
    }

    public static func backupOrder(_ lhs: JournalEntry, _ rhs: JournalEntry) -> Bool {
        (lhs.date, lhs.meta.id) < (rhs.date, rhs.meta.id)
    }
}
