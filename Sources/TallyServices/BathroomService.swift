import Foundation
import TallyCore
import TallyStorage

/// The bathroom diary's use cases.
public struct BathroomService: Sendable {
    /// The longest range a list or diary covers in one request (ten years).
    public static let maxRangeDays = 3_660

    let scope: UserScope

    /// Logs an event; the time defaults to now and the zone to the user's. `id` is one the device made:
    /// sent again, the event stored the first time is answered and nothing new is stored.
    /// `now` is the caller's reading of the clock and settings, when it has one: not read again.
    public func log(
        id: UUID? = nil, at: Date? = nil, timeZoneID: String? = nil, note: String? = nil, volumeML: Int? = nil,
        urgency: Int? = nil, leak: Bool = false, now given: Now? = nil
    ) async throws -> BathroomEvent {
        let now: Now
        if let given { now = given } else { now = try await scope.now() }
        let fields = try BathroomEventFields(
            at: at ?? now.instant, timeZoneID: timeZoneID ?? now.zone.identifier, note: note, volumeML: volumeML,
            urgency: urgency, leak: leak
        ).validated()
        try LoggedTime.check(fields.at, now: now.instant)
        if let stored = try await scope.replayed(BathroomEvent.self, id: id) { return stored }
        let event = BathroomEvent(meta: scope.newMeta(at: now.instant, id: id), fields: fields)
        return try await written(event, now: now.instant)
    }

    /// Logs what a draft gives (``BathroomEventDraft``: now, in the person's zone, unless it says otherwise).
    public func log(_ draft: BathroomEventDraft, now given: Now? = nil) async throws -> BathroomEvent {
        let now: Now
        if let given { now = given } else { now = try await scope.now() }
        let fields = try draft.fields(current: nil, now: now)
        return try await log(
            id: draft.id, at: fields.at, timeZoneID: fields.timeZoneID, note: fields.note, volumeML: fields.volumeML,
            urgency: fields.urgency, leak: fields.leak, now: now)
    }

    /// Replaces an event's description with a draft's; its time and zone stay unless the draft gives them.
    public func update(id: UUID, _ draft: BathroomEventDraft) async throws -> BathroomEvent {
        let event = try await event(id: id)
        return try await update(id: id, fields: try draft.fields(current: event.fields, now: try await scope.now()))
    }

    /// Replaces an event's fields.
    public func update(id: UUID, fields: BathroomEventFields) async throws -> BathroomEvent {
        var event = try await event(id: id)
        let before = event.fields.at
        let checked = try fields.validated()
        // An unchanged save writes nothing: no new stamp to sync.
        guard checked != event.fields else { return event }
        event.fields = checked
        let instant = scope.clock.now()
        // A new time must have happened; one kept as it was (written by a device whose clock runs ahead) stays.
        if event.fields.at != before { try LoggedTime.check(event.fields.at, now: instant) }
        event.meta.modifiedAt = instant
        return try await written(event, now: instant)
    }

    /// Deletes an event: it becomes a tombstone that every read hides.
    public func delete(id: UUID) async throws {
        var event = try await event(id: id)
        let instant = scope.clock.now()
        event.meta.isDeleted = true
        event.meta.modifiedAt = instant
        _ = try await scope.store.write(event, now: instant)
        try await reconsiderRules(event)
    }

    /// Brings back an event just deleted (the page's Undo): the tombstone becomes the event again.
    public func restore(id: UUID) async throws -> BathroomEvent {
        guard var event = try await deletedEvent(id: id) else {
            throw TallyError.notFound(kind: "deleted bathroom event", id: id.text)
        }
        let instant = scope.clock.now()
        event.meta.isDeleted = false
        event.meta.modifiedAt = instant
        return try await written(event, now: instant)
    }

    /// The event `id` if it is deleted (and its tombstone still kept), for the Undo of a delete.
    public func deletedEvent(id: UUID) async throws -> BathroomEvent? {
        let query = RecordQuery(id: id, includingDeleted: true)
        return try await scope.store.records(BathroomEvent.self, owner: scope.owner, query).first { $0.meta.isDeleted }
    }

    public func event(id: UUID) async throws -> BathroomEvent {
        guard let event = try await scope.store.bathroomEvent(id: id, owner: scope.owner) else {
            throw TallyError.notFound(kind: "bathroom event", id: id.text)
        }
        return event
    }

    /// Today's events, newest first: the count from the totals the store keeps and only the latest events,
    /// so what reading today costs does not grow with what the day holds.
    public func today() async throws -> BathroomDay {
        let now = try await scope.now()
        let total = try await scope.store.dayTotals(
            owner: scope.owner, boundary: now.settings.boundary, DayTotalQuery(.bathroom, days: now.today...now.today))
        return BathroomDay(
            day: now.today, latest: try await latest(on: now.today, limit: BathroomDay.listed, now: now),
            count: total.first?.count ?? 0)
    }

    /// The latest `limit` events of `day`, newest first, read back a page at a time from the day's end.
    private func latest(on day: LocalDay, limit: Int, now: Now) async throws -> [BathroomEvent] {
        let boundary = now.settings.boundary
        let window = boundary.window(from: day, to: day, around: now.zone)
        return try await scope.store.latest(
            BathroomEvent.self, owner: scope.owner, in: window.candidates, limit: limit
        ) { window.mayHold($0.at, zoneID: $0.timeZoneID) && $0.localDay(boundary) == day }
    }

    /// The days `from...to` that have events, newest first; both default to the whole history.
    public func history(from: LocalDay? = nil, to: LocalDay? = nil) async throws -> [BathroomDay] {
        let now = try await scope.now()
        if let from, let to { return try await days(from: from, to: to, now: now) }
        let window = DateInterval(start: .distantPast, end: .distantFuture)
        let events = try await scope.store.bathroomEvents(owner: scope.owner, in: window)
        return BathroomHistory.days(events, boundary: now.settings.boundary, from: from, to: to)
    }

    /// Page `page` (from 1) of the days with events, newest first, cut by `paging` (so many days, fewer
    /// when they are full of events). It reads the kept day totals (one row a day) to find the page's days
    /// and then only those days' events, so its cost does not grow with history.
    public func history(page: Int, paging: HistoryPaging) async throws -> BathroomHistoryPage {
        let now = try await scope.now()
        let boundary = now.settings.boundary
        let totals = try await scope.store.dayTotals(
            owner: scope.owner, boundary: boundary, DayTotalQuery(.bathroom, newestFirst: true))
        let (shown, hasOlder) = paging.page(page, of: totals)
        guard let newest = shown.first?.day, let oldest = shown.last?.day else {
            return BathroomHistoryPage(days: [], hasOlder: false)
        }
        if let crowded = shown.first, paging.isCrowded(crowded) {
            let latest = try await latest(on: newest, limit: paging.eventsPerPage, now: now)
            return BathroomHistoryPage(
                days: [BathroomDay(day: newest, latest: latest, count: crowded.count)], hasOlder: hasOlder)
        }
        let window = boundary.candidateWindow(from: oldest, to: newest, around: now.zone)
        let events = try await scope.store.bathroomEvents(owner: scope.owner, in: window)
        return BathroomHistoryPage(
            days: BathroomHistory.days(events, boundary: boundary, from: oldest, to: newest), hasOlder: hasOlder)
    }

    /// Every event of the days `from...to`, newest first; refused when they hold more than
    /// ``UserScope/rangeReadLimit``.
    public func events(from: LocalDay, to: LocalDay) async throws -> [BathroomEvent] {
        try await days(from: from, to: to, now: try await scope.now()).flatMap(\.events)
    }

    /// A page of the events of the days `from...to`, newest first, after `before`, with how many the days hold.
    public func events(
        from: LocalDay, to: LocalDay, limit: Int?, before: RecordCursor?
    ) async throws -> TimedPage<BathroomEvent> {
        try await scope.page(
            BathroomEvent.self, series: .bathroom, from: from, to: to, limit: limit, before: before, instant: \.at,
            zoneID: \.timeZoneID)
    }

    /// The bladder diary over the days `from...to`; refused when they hold more than
    /// ``UserScope/rangeReadLimit`` events.
    public func diary(from: LocalDay, to: LocalDay) async throws -> BladderDiary {
        let now = try await scope.now()
        let events = try await candidates(from: from, to: to, now: now)
        return BladderDiary(
            events: events, from: from, to: to, boundary: now.settings.boundary, sleep: now.settings.sleep)
    }

    /// The bladder diary report of the diary days `from...to`, each from wake time to the next wake time
    /// (so it reads the day after `to` for the last night's first morning void), with the water log beside;
    /// the person's went-to-bed and got-up marks move those times where given. Refused when those days
    /// hold more than ``UserScope/rangeReadLimit`` events or drinks.
    public func report(from: LocalDay, to: LocalDay) async throws -> BladderDiaryReport {
        try Self.checkRange(from: from, to: to)
        let now = try await scope.now()
        // Midnight days, one more either side than the diary days: a diary day runs into the next
        // calendar day, and its closing first morning void may come the day after that.
        let window = DayBoundary().candidateWindow(from: from, to: to.adding(days: 2), around: now.zone)
        let events = try await scope.rangeRead(
            BathroomEvent.self, in: window, what: "bathroom events", from: from, to: to)
        let water = try await scope.rangeRead(WaterEntry.self, in: window, what: "drinks", from: from, to: to)
        // The marks of the diary days and of the morning after, which ends the last night.
        let marks = try await scope.store.records(SleepMark.self, owner: scope.owner, .days(from...to.adding(days: 1)))
        return BladderDiaryReport(
            events: events, water: water, from: from, to: to, sleep: now.settings.sleep, zone: now.zone,
            birthYear: now.settings.birthYear, marks: marks)
    }

    private func days(from: LocalDay, to: LocalDay, now: Now) async throws -> [BathroomDay] {
        let events = try await candidates(from: from, to: to, now: now)
        return BathroomHistory.days(events, boundary: now.settings.boundary, from: from, to: to)
    }

    private func candidates(from: LocalDay, to: LocalDay, now: Now) async throws -> [BathroomEvent] {
        try Self.checkRange(from: from, to: to)
        let window = now.settings.boundary.candidateWindow(from: from, to: to, around: now.zone)
        return try await scope.rangeRead(BathroomEvent.self, in: window, what: "bathroom events", from: from, to: to)
    }

    static func checkRange(from: LocalDay, to: LocalDay) throws(TallyError) {
        guard from <= to else { throw .invalid(field: "from", reason: "\(from) is after \(to)") }
        guard from.days(to: to) < maxRangeDays else {
            throw .invalid(field: "to", reason: "the range is longer than \(maxRangeDays) days")
        }
    }

    private func written(_ event: BathroomEvent, now: Date) async throws -> BathroomEvent {
        let stored = try await scope.store.write(event, now: now)
        try await reconsiderRules(stored)
        return stored
    }

    /// The skills whose rules count the nights this event may fall in (before its day's morning, or
    /// before the next day's).
    private func reconsiderRules(_ event: BathroomEvent) async throws {
        let day = event.localDateTime.day
        try await scope.skillRules.evaluate(days: [day, day.adding(days: 1)])
    }
}
