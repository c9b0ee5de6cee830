import Foundation
import TallyCore
import TallyStorage

/// The daily journal: one entry per day, a month coloured by mood, a year of days.
public struct JournalService: Sendable {
    let scope: UserScope

    /// The entry for `day`, or nil.
    public func entry(on day: LocalDay) async throws -> JournalEntry? {
        try await scope.store.journalEntry(owner: scope.owner, day: day, includingDeleted: false)
    }

    /// The entry's fields as they would be stored on `day`, or what is wrong with them or the day (a day in
    /// the future or before 2000): what the journal page asks before it keeps an uploaded photo, so a
    /// refused save stores nothing.
    public func checked(on day: LocalDay, _ fields: JournalEntryFields) async throws -> JournalEntryFields {
        let checked = try fields.validated()
        try LoggedTime.check(day, today: try await scope.now().today)
        return checked
    }

    /// Writes the day's entry, replacing what the day had: one entry per day, so two replicas writing the
    /// same day converge on one entry. A day with no entry, or a deleted one, gets a new record created
    /// after every change this replica has seen (a deleted, even compacted, entry of the day included):
    /// by ``MergeOrder`` it wins over them everywhere, while an edit made elsewhere to a deleted entry
    /// still loses to the delete.
    public func save(on day: LocalDay, _ fields: JournalEntryFields) async throws -> JournalEntry {
        let checked = try await checked(on: day, fields)
        try await scope.images.requireStored(checked.imageUrl)
        let instant = scope.clock.now()
        let stored = try await scope.store.journalEntry(owner: scope.owner, day: day, includingDeleted: true)
        var entry: JournalEntry
        if let stored, !stored.meta.isDeleted {
            // An unchanged save writes nothing: no new stamp to sync.
            guard stored.fields != checked else { return stored }
            entry = stored
        } else {
            // Strictly after the day's last life too: the clock's millisecond may not have moved since it was
            // made, and a tie in creation would let its tombstone win over this entry.
            let seen = try await scope.store.currentStamp(owner: scope.owner).millis
            let lastLife = stored?.meta.createdAt.millisecondsSince1970 ?? 0
            let created = Date(millisecondsSince1970: max(seen, lastLife) + 1)
            entry = JournalEntry(meta: scope.newMeta(at: max(instant, created)), date: day, fields: checked)
        }
        entry.fields = checked
        entry.meta.modifiedAt = instant
        return try await written(entry)
    }

    public func delete(on day: LocalDay) async throws {
        guard let entry = try await entry(on: day) else {
            throw TallyError.notFound(kind: "journal entry", id: day.description)
        }
        try await scope.tombstone(entry)
        try await scope.skillRules.evaluate(days: [day])
    }

    /// Entries of the days `from...to`, by day.
    public func entries(from: LocalDay, to: LocalDay) async throws -> [JournalEntry] {
        guard from <= to else { throw TallyError.invalid(field: "from", reason: "\(from) is after \(to)") }
        return try await scope.store.journalEntries(owner: scope.owner, from: from, to: to)
    }

    /// A month's calendar; nil is the current month.
    public func month(year: Int? = nil, month: Int? = nil) async throws -> JournalMonth {
        let today = try await scope.now().today
        let year = year ?? today.year
        let month = month ?? today.month
        guard (1...9999).contains(year), let first = LocalDay(year: year, month: month, day: 1) else {
            throw TallyError.invalid(field: "month", reason: "\(year)-\(month) is not a month")
        }
        let entries = try await entries(from: first, to: first.adding(days: 31))
        return JournalMonth(year: year, month: month, entries: entries, today: today)
    }

    /// A year of days; nil is the current year.
    public func year(_ year: Int? = nil) async throws -> JournalYear {
        let today = try await scope.now().today
        let year = year ?? today.year
        guard (1...9999).contains(year) else {
            throw TallyError.invalid(field: "year", reason: "\(year) is not a year")
        }
        let entries = try await entries(
            from: LocalDay(year: year, month: 1, day: 1)!, to: LocalDay(year: year, month: 12, day: 31)!)
        return JournalYear(year: year, entries: entries, today: today)
    }

    private func written(_ entry: JournalEntry) async throws -> JournalEntry {
        let stored = try await scope.store.write(entry, now: entry.meta.modifiedAt)
        try await scope.skillRules.evaluate(days: [stored.date])
        return stored
    }
}
