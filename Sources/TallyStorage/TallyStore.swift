import Foundation
import TallyCore

/// Everything Tally needs from a database. Each implementation (SQLite now, PostgreSQL later) passes the
/// same conformance suite. Reads hide tombstones unless they say otherwise; every write stamps the record
/// with this replica's hybrid logical clock and a change sequence number in one durable transaction.
public protocol TallyStore: AccountStore, SyncStore {
    /// The replica this store is: a random id made when the store was created.
    var deviceID: UUID { get }

    /// Stores a change made on this replica at `now`: the record gets the next HLC stamp and this
    /// device id, then is inserted or replaces the stored copy with the same id. Returns it as stored.
    func write(_ record: AnyRecord, now: Date) async throws -> AnyRecord

    /// Merges records made elsewhere (an import, a sync) at `now`: each replaces the stored copy only when
    /// it wins by ``MergeOrder``, so merging the same records twice, or in any order, changes nothing more.
    /// Each stamp advances this replica's clock; a stamp too far ahead of `now`, a record of someone
    /// else's or one whose tombstone was compacted refuses the whole batch: nothing of it is stored.
    func merge(_ records: [AnyRecord], now: Date) async throws -> MergeResult

    /// Every record of `owner` changed after `sequence`, tombstones included, in change order, and the ids
    /// of compacted tombstones in the same range.
    func changes(owner: UUID, after sequence: Int64, limit: Int) async throws -> ChangePage

    func bathroomEvent(id: UUID, owner: UUID) async throws -> BathroomEvent?

    /// Visible bathroom events of `owner` whose instant lies in `interval`.
    func bathroomEvents(owner: UUID, in interval: DateInterval) async throws -> [BathroomEvent]

    func settings(owner: UUID) async throws -> [SettingRecord]

    /// The owners whose setting `key` holds `value` (a share link's token names its owner).
    func owners(withSetting key: SettingKey, value: String) async throws -> [UUID]

    func waterEntry(id: UUID, owner: UUID) async throws -> WaterEntry?

    /// Visible water entries of `owner` whose instant lies in `interval`, newest first.
    func waterEntries(owner: UUID, in interval: DateInterval) async throws -> [WaterEntry]

    /// What day totals need of every visible entry in `interval`: cheap enough for years of history.
    func waterSamples(owner: UUID, in interval: DateInterval) async throws -> [WaterSample]

    /// The visible entry added last (by creation time), for undo.
    func lastAddedWaterEntry(owner: UUID) async throws -> WaterEntry?

    /// Every visible daily goal of `owner`, oldest first.
    func waterGoals(owner: UUID) async throws -> [WaterGoal]

    /// Every visible skill of `owner`, archived ones included.
    func skills(owner: UUID) async throws -> [Skill]

    func skill(id: UUID, owner: UUID) async throws -> Skill?

    /// The categories `owner` made, visible ones only.
    func skillCategories(owner: UUID) async throws -> [SkillCategory]

    /// The stored completion of a skill on a day, tombstoned or not: the record to replace when it changes.
    func skillCompletion(owner: UUID, skillID: UUID, day: LocalDay) async throws -> SkillCompletion?

    /// What progress views need of every visible completion on the days `range`: cheap for years.
    func skillMarks(owner: UUID, in range: ClosedRange<LocalDay>) async throws -> [SkillMark]

    /// Morning routine completions on the days `range`, tombstones included (to reuse a day's record).
    func routineCompletions(owner: UUID, in range: ClosedRange<LocalDay>) async throws -> [RoutineCompletion]

    /// Every visible memorable moment of `owner`.
    func memorableMoments(owner: UUID) async throws -> [MemorableMoment]

    func memorableMoment(id: UUID, owner: UUID) async throws -> MemorableMoment?
    func dateTracker(id: UUID, owner: UUID) async throws -> DateTracker?

    /// Every visible date tracker of `owner`, by target date.
    func dateTrackers(owner: UUID) async throws -> [DateTracker]

    func reminder(id: UUID, owner: UUID) async throws -> Reminder?

    /// Every visible reminder of `owner`, by date.
    func reminders(owner: UUID) async throws -> [Reminder]

    func calendarEvent(id: UUID, owner: UUID) async throws -> CalendarEvent?

    /// Every visible recurring event of `owner`, by start.
    func calendarEvents(owner: UUID) async throws -> [CalendarEvent]

    /// The journal entry of `owner` for `day`; with `includingDeleted`, a tombstone too (writing a new
    /// entry for a day reuses the day's record, so replicas agree on one entry per day).
    func journalEntry(owner: UUID, day: LocalDay, includingDeleted: Bool) async throws -> JournalEntry?

    /// Visible journal entries of `owner` for the days `from...to`, by day.
    func journalEntries(owner: UUID, from: LocalDay, to: LocalDay) async throws -> [JournalEntry]

    /// Keeps an uploaded image (already checked to be a JPEG, PNG or WebP) and returns its stored name,
    /// `<sha256>.<ext>`: the same bytes always get the same name and are kept once. `owner` may read it.
    func saveImage(_ data: Data, kind: ImageKind, owner: UUID) async throws -> String

    /// The bytes of the image stored under `name`, or nil when there is none or `owner` never uploaded it.
    func image(named name: String, owner: UUID) async throws -> Data?
}

/// What a merge did.
public struct MergeResult: Hashable, Sendable {
    public var inserted = 0
    public var updated = 0
    public var unchanged = 0

    public init(inserted: Int = 0, updated: Int = 0, unchanged: Int = 0) {
        self.inserted = inserted
        self.updated = updated
        self.unchanged = unchanged
    }
}

/// One page of the change feed.
public struct ChangePage: Hashable, Sendable {
    public var records: [AnyRecord]
    /// Tombstones compacted in the page's range: every replica drops them and refuses them from then on.
    public var purged: [UUID]
    /// The sequence number of the last record in the page; ask again after it for more.
    public var through: Int64
    public var hasMore: Bool

    public init(records: [AnyRecord], purged: [UUID] = [], through: Int64, hasMore: Bool) {
        self.records = records
        self.purged = purged
        self.through = through
        self.hasMore = hasMore
    }
}
