import Foundation
import TallyCore

/// The typed reads that need nothing but a generic read and a sort: query presets over
/// ``RecordReader/records(_:owner:_:)``, the same on every database (not requirements, so no database
/// writes them again). A new kind reads through ``RecordReader/record(_:id:owner:)`` and
/// ``RecordReader/records(_:owner:_:)`` and adds nothing to a database.
extension RecordReader {
    /// The visible record of kind `type` with this id, if `owner` has one.
    public func record<Record: SyncedRecord>(_ type: Record.Type, id: UUID, owner: UUID) async throws -> Record? {
        try await records(type, owner: owner, RecordQuery(id: id)).first
    }

    public func bathroomEvent(id: UUID, owner: UUID) async throws -> BathroomEvent? {
        try await record(BathroomEvent.self, id: id, owner: owner)
    }

    public func waterEntry(id: UUID, owner: UUID) async throws -> WaterEntry? {
        try await record(WaterEntry.self, id: id, owner: owner)
    }

    /// Every visible skill of `owner`, archived ones included, oldest first.
    public func skills(owner: UUID) async throws -> [Skill] {
        try await records(Skill.self, owner: owner, .all).sortedForReading(by: \.meta.createdAt)
    }

    public func skill(id: UUID, owner: UUID) async throws -> Skill? {
        try await record(Skill.self, id: id, owner: owner)
    }

    /// The categories `owner` made, visible ones only, oldest first.
    public func skillCategories(owner: UUID) async throws -> [SkillCategory] {
        try await records(SkillCategory.self, owner: owner, .all).sortedForReading(by: \.meta.createdAt)
    }

    /// Every visible memorable moment of `owner`, newest day first.
    public func memorableMoments(owner: UUID) async throws -> [MemorableMoment] {
        try await records(MemorableMoment.self, owner: owner, .all).sortedForReading(by: \.day, descending: true)
    }

    public func memorableMoment(id: UUID, owner: UUID) async throws -> MemorableMoment? {
        try await record(MemorableMoment.self, id: id, owner: owner)
    }

    public func dateTracker(id: UUID, owner: UUID) async throws -> DateTracker? {
        try await record(DateTracker.self, id: id, owner: owner)
    }

    /// Every visible date tracker of `owner`, by target date.
    public func dateTrackers(owner: UUID) async throws -> [DateTracker] {
        try await records(DateTracker.self, owner: owner, .all).sortedForReading(by: \.fields.targetDate)
    }

    public func reminder(id: UUID, owner: UUID) async throws -> Reminder? {
        try await record(Reminder.self, id: id, owner: owner)
    }

    /// Every visible reminder of `owner`, by date.
    public func reminders(owner: UUID) async throws -> [Reminder] {
        try await records(Reminder.self, owner: owner, .all).sortedForReading(by: \.fields.date)
    }

    public func calendarEvent(id: UUID, owner: UUID) async throws -> CalendarEvent? {
        try await record(CalendarEvent.self, id: id, owner: owner)
    }

    /// Every visible recurring event of `owner`, by start.
    public func calendarEvents(owner: UUID) async throws -> [CalendarEvent] {
        try await records(CalendarEvent.self, owner: owner, .all).sortedForReading(by: \.fields.startDate)
    }
}

extension Array where Element: SyncedRecord {
    /// The records sorted by a key and then by creation and id, so equal keys always come in the same order.
    func sortedForReading<Key: Comparable>(by key: (Element) -> Key, descending: Bool = false) -> [Element] {
        sorted { lhs, rhs in
            let (left, right) = (key(lhs), key(rhs))
            if left != right { return descending ? left > right : left < right }
            return (lhs.meta.createdAt, lhs.meta.id) < (rhs.meta.createdAt, rhs.meta.id)
        }
    }
}

extension RecordReader {
    /// The records of kind `type` in `interval` that `keep` keeps, latest first, at most `limit`: read a
    /// page at a time back from the interval's end, so a day of 200,000 entries costs the page it shows.
    /// What is read beyond that is only what `keep` refuses between the interval's end and the last kept.
    public func latest<Record: SyncedRecord>(
        _ type: Record.Type, owner: UUID, in interval: DateInterval, limit: Int, keeping keep: (Record) -> Bool
    ) async throws -> [Record] {
        let page = max(limit, 64)
        let low = interval.start.clampedMilliseconds
        var high = interval.end.clampedMilliseconds - 1
        var kept: [Record] = []
        var seen = Set<UUID>()
        while kept.count < limit, low <= high {
            let records = try await records(type, owner: owner, RecordQuery(searchKeys: low...high, latest: page))
            for record in records where seen.insert(record.meta.id).inserted && keep(record) {
                kept.append(record)
                if kept.count == limit { break }
            }
            guard records.count == page, let last = records.last?.searchKey else { break }
            // The next page starts at the last key read (more may share it), or below it when the whole page
            // shared it.
            high = records.first?.searchKey == last ? last - 1 : last
        }
        return kept
    }
}
