import Foundation
import TallyCore

/// The defaults of ``RecordReader``'s requirements, built on its generic reads; a database replaces one with a
/// faster query that answers the same where a page reads it often (SQLite does for the water, bathroom, setting,
/// skill-mark and day reads).
extension RecordReader {
    /// Records sorted by a key and then by creation and id, so equal keys always come in the same order.
    private func sorted<Record: SyncedRecord, Key: Comparable>(
        _ records: [Record], by key: (Record) -> Key, descending: Bool = false
    ) -> [Record] {
        records.sorted { lhs, rhs in
            let (left, right) = (key(lhs), key(rhs))
            if left != right { return descending ? left > right : left < right }
            return (lhs.meta.createdAt, lhs.meta.id) < (rhs.meta.createdAt, rhs.meta.id)
        }
    }

    public func searchKeyRange<Record: SyncedRecord>(
        _ type: Record.Type, owner: UUID
    ) async throws
        -> ClosedRange<Int64>?
    {
        let keys = try await records(type, owner: owner, RecordQuery(includingDeleted: true)).compactMap(\.searchKey)
        guard let least = keys.min(), let greatest = keys.max() else { return nil }
        return least...greatest
    }

    public func bathroomEvents(owner: UUID, in interval: DateInterval) async throws -> [BathroomEvent] {
        sorted(try await records(BathroomEvent.self, owner: owner, .instants(in: interval)), by: \.at, descending: true)
    }

    public func settings(owner: UUID) async throws -> [SettingRecord] {
        sorted(try await records(SettingRecord.self, owner: owner, .all), by: \.key.rawValue)
    }

    public func waterEntries(owner: UUID, in interval: DateInterval) async throws -> [WaterEntry] {
        sorted(try await records(WaterEntry.self, owner: owner, .instants(in: interval)), by: \.at, descending: true)
    }

    public func waterEntries(owner: UUID, on window: DayWindow) async throws -> [WaterEntry] {
        try await waterEntries(owner: owner, in: window.candidates).filter {
            window.mayHold($0.at, zoneID: $0.timeZoneID)
        }
    }

    public func waterSamples(owner: UUID, in interval: DateInterval) async throws -> [WaterSample] {
        sorted(try await records(WaterEntry.self, owner: owner, .instants(in: interval)), by: \.at).map(\.sample)
    }

    /// Ties of creation time go to the later change.
    public func lastAddedWaterEntry(owner: UUID) async throws -> WaterEntry? {
        try await records(WaterEntry.self, owner: owner, .all).max { lhs, rhs in
            (lhs.meta.createdAt, lhs.meta.stamp) < (rhs.meta.createdAt, rhs.meta.stamp)
        }
    }

    public func waterGoals(owner: UUID) async throws -> [WaterGoal] {
        sorted(try await records(WaterGoal.self, owner: owner, .all), by: \.effectiveFrom)
    }

    public func skillCompletion(owner: UUID, skillID: UUID, day: LocalDay) async throws -> SkillCompletion? {
        let key = SkillCompletion(meta: .placeholder, skillID: skillID, day: day, level: .none).naturalKey
        return try await records(
            SkillCompletion.self, owner: owner, RecordQuery(naturalKey: key, includingDeleted: true)
        ).first
    }

    public func skillMarks(owner: UUID, in range: ClosedRange<LocalDay>) async throws -> [SkillMark] {
        let skills = Set(
            try await records(Skill.self, owner: owner, RecordQuery(includingDeleted: true)).map(\.meta.id))
        return sorted(try await records(SkillCompletion.self, owner: owner, .days(range)), by: \.day)
            .filter { $0.level != .none && skills.contains($0.skillID) }.map(\.mark)
    }

    public func routineCompletions(owner: UUID, in range: ClosedRange<LocalDay>) async throws -> [RoutineCompletion] {
        sorted(
            try await records(RoutineCompletion.self, owner: owner, .days(range, includingDeleted: true)), by: \.day)
    }

    public func journalEntry(owner: UUID, day: LocalDay, includingDeleted: Bool) async throws -> JournalEntry? {
        try await records(
            JournalEntry.self, owner: owner,
            RecordQuery(naturalKey: day.description, includingDeleted: includingDeleted)
        ).first
    }

    public func journalEntries(owner: UUID, from: LocalDay, to: LocalDay) async throws -> [JournalEntry] {
        guard from <= to else { return [] }
        return sorted(try await records(JournalEntry.self, owner: owner, .days(from...to)), by: \.date)
    }
}

extension RecordMeta {
    /// A header for a record built only to compute its natural key.
    static let placeholder = RecordMeta(
        id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), ownerID: LocalUser.id,
        createdAt: Date(timeIntervalSince1970: 0), modifiedAt: Date(timeIntervalSince1970: 0),
        deviceID: LocalUser.id, stamp: .zero)
}
