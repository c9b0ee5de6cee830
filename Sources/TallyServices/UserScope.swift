import Foundation
import Recurrence
import TallyCore
import TallyStorage

/// One user's view of a store, with the clock and the machine's zone injected. The server and the CLI
/// both reach the domain through it, so a rule lives in one place.
public struct UserScope: Sendable {
    public let store: any UserDataStore
    public let owner: UUID
    public let clock: any WallClock
    /// The zone used while the user has chosen none.
    public let machineZone: TimeZone
    /// New record ids.
    public let ids: any IDSource
    /// The request's reading of "now", when the scope serves one request (the server gives each request
    /// its own): ``now()`` keeps its first reading there.
    public let reading: RequestNow?

    public init(
        store: any UserDataStore, owner: UUID = LocalUser.id, clock: any WallClock, machineZone: TimeZone,
        ids: any IDSource = RandomIDs(), reading: RequestNow? = nil
    ) {
        self.store = store
        self.owner = owner
        self.clock = clock
        self.machineZone = machineZone
        self.ids = ids
        self.reading = reading
    }

    public var bathroom: BathroomService { BathroomService(scope: self) }
    public var settings: SettingsService { SettingsService(scope: self) }
    public var diaryRun: DiaryRunService { DiaryRunService(scope: self) }
    public var sleepMarks: SleepMarkService { SleepMarkService(scope: self) }
    public var notificationSettings: NotificationSettingsService { NotificationSettingsService(scope: self) }
    public var backup: BackupService { BackupService(scope: self) }
    public var water: WaterService { WaterService(scope: self) }
    public var skills: SkillsService { SkillsService(scope: self) }
    public var skillRules: SkillRuleService { SkillRuleService(scope: self) }
    public var insights: InsightsService { InsightsService(scope: self) }
    public var routine: RoutineService { RoutineService(scope: self) }
    public var moments: MomentsService { MomentsService(scope: self) }
    public var trackers: TrackerService { TrackerService(scope: self) }
    public var reminders: ReminderService { ReminderService(scope: self) }
    public var events: EventService { EventService(scope: self) }
    public var journal: JournalService { JournalService(scope: self) }
    public var images: ImageService { ImageService(scope: self) }
    public var imports: ImportService { ImportService(scope: self) }
    public var exports: ExportService { ExportService(scope: self) }

    /// The user's settings, the zone in force and today's local day, read together: once per request
    /// where the scope has the request's ``reading``.
    public func now() async throws -> Now {
        let instant = clock.now()
        let request = reading
        if let kept = request?.kept(for: owner, at: instant) { return kept }
        let settings: UserSettings
        if let cache = request?.cache, let kept = try await cache.value(.settings(owner: owner), read: readSettings) {
            settings = kept
        } else {
            settings = try await readSettings()
        }
        let zone = settings.zone(machine: machineZone)
        let now = Now(
            instant: instant, settings: settings, zone: zone, today: settings.boundary.day(of: instant, in: zone))
        request?.keep(now, for: owner)
        return now
    }

    private func readSettings() async throws -> UserSettings {
        try await SettingsService.read(store: store, owner: owner)
    }

    /// Deletes a record: it becomes a tombstone, stamped now, that every read hides and sync carries.
    func tombstone<Record: SyncedRecord>(_ record: Record) async throws {
        var record = record
        let instant = clock.now()
        record.meta.isDeleted = true
        record.meta.modifiedAt = instant
        _ = try await store.write(record, now: instant)
    }

    /// A new record header owned by this user, stamped by the store when written.
    /// The metadata of a record made now: a new id, or the one a device made for it.
    func newMeta(at instant: Date, id: UUID? = nil) -> RecordMeta {
        RecordMeta(
            id: id ?? ids.newID(at: instant), ownerID: owner, createdAt: instant, modifiedAt: instant,
            deviceID: store.deviceID, stamp: .zero)
    }

    /// What a replayed create (a device's id sent again) made the first time: the record `id` of this user
    /// as stored, or nil when there is none. One deleted since is not answered as if it were there (the
    /// device would show a record no page or read shows): the caller is told it was deleted.
    func replayed<Record: SyncedRecord>(_ kind: Record.Type, id: UUID?) async throws -> Record? {
        guard let id,
            let stored = try await store.records(kind, owner: owner, RecordQuery(id: id, includingDeleted: true)).first
        else { return nil }
        guard !stored.meta.isDeleted else {
            throw TallyError.conflict(
                "this \(Record.kind) was deleted after it was logged, so it was not added again (id \(id.text))")
        }
        return stored
    }
}

/// "Now" as the user sees it.
public struct Now: Sendable {
    public let instant: Date
    public let settings: UserSettings
    public let zone: TimeZone
    public let today: LocalDay

    /// The first day of the person's week: chosen, or their zone's country's.
    public var firstWeekday: Weekday { settings.weekStart ?? FirstWeekday.default(zoneID: zone.identifier) }
}
