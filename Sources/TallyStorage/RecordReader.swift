import Foundation
import TallyCore

/// Reading records. A database implements the generic reads; the typed reads below each have a default
/// built on them (`RecordReader+Defaults.swift`), which a database may replace with a faster query that
/// answers the same. Every other typed read is a query preset over the generic reads
/// (`RecordReader+Presets.swift`), the same on every database.
public protocol RecordReader: Sendable {
    /// The records of `owner` of kind `type` that `query` asks for, in no particular order.
    func records<Record: SyncedRecord>(
        _ type: Record.Type, owner: UUID, _ query: RecordQuery
    ) async throws
        -> [Record]

    /// The least and the greatest ``SyncedRecord/searchKey`` among the records of `owner` of kind `type`,
    /// tombstones included; nil when none has one.
    func searchKeyRange<Record: SyncedRecord>(_ type: Record.Type, owner: UUID) async throws -> ClosedRange<Int64>?

    /// The owners whose setting `key` holds `value` (a share link's token names its owner).
    func owners(withSetting key: SettingKey, value: String) async throws -> [UUID]

    /// Visible bathroom events of `owner` whose instant lies in `interval`, newest first.
    func bathroomEvents(owner: UUID, in interval: DateInterval) async throws -> [BathroomEvent]
    /// The visible settings of `owner`, by key.
    func settings(owner: UUID) async throws -> [SettingRecord]
    /// Visible water entries of `owner` whose instant lies in `interval`, newest first.
    func waterEntries(owner: UUID, in interval: DateInterval) async throws -> [WaterEntry]
    /// Visible water entries of `owner` that ``DayWindow/mayHold(_:zoneID:)`` the window's days, newest first.
    func waterEntries(owner: UUID, on window: DayWindow) async throws -> [WaterEntry]
    /// What day totals need of every visible entry in `interval`, oldest first: cheap enough for years.
    func waterSamples(owner: UUID, in interval: DateInterval) async throws -> [WaterSample]
    /// The visible entry added last (by creation time), for undo.
    func lastAddedWaterEntry(owner: UUID) async throws -> WaterEntry?
    /// Every visible daily goal of `owner`, oldest first.
    func waterGoals(owner: UUID) async throws -> [WaterGoal]
    /// The stored completion of a skill on a day, tombstoned or not: the record to replace when it changes.
    func skillCompletion(owner: UUID, skillID: UUID, day: LocalDay) async throws -> SkillCompletion?
    /// What progress views need of every visible completion (not `none`) of a stored skill on the days
    /// `range`: cheap for years.
    func skillMarks(owner: UUID, in range: ClosedRange<LocalDay>) async throws -> [SkillMark]
    /// Morning routine completions on the days `range`, tombstones included (to reuse a day's record), by day.
    func routineCompletions(owner: UUID, in range: ClosedRange<LocalDay>) async throws -> [RoutineCompletion]
    /// The journal entry of `owner` for `day`; with `includingDeleted`, a tombstone too (writing a new
    /// entry for a day reuses the day's record, so replicas agree on one entry per day).
    func journalEntry(owner: UUID, day: LocalDay, includingDeleted: Bool) async throws -> JournalEntry?
    /// Visible journal entries of `owner` for the days `from...to`, by day.
    func journalEntries(owner: UUID, from: LocalDay, to: LocalDay) async throws -> [JournalEntry]
}
