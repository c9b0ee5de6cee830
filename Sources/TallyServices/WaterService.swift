import Foundation
import Recurrence
import TallyCore
import TallyStorage

/// The water tracker's use cases: logging, editing, a day, statistics, the calendar and the goal.
public struct WaterService: Sendable {
    let scope: UserScope

    /// Logs an entry; the time defaults to now and the zone to the user's.
    ///
    /// `id` is one the device made (a page that logged offline, a retry after a lost answer): sent again,
    /// the entry stored the first time is answered and nothing new is stored, whatever came in between.
    /// `now` is the caller's reading of the clock and settings, when it has one: not read again.
    public func log(
        id: UUID? = nil, amountML: Double, at: Date? = nil, timeZoneID: String? = nil, drinkKind: String? = nil,
        source: WaterSource, now given: Now? = nil
    ) async throws -> WaterEntry {
        let now: Now
        if let given { now = given } else { now = try await scope.now() }
        let fields = try WaterEntryFields(
            at: at ?? now.instant, timeZoneID: timeZoneID ?? now.zone.identifier, amountML: amountML,
            drinkKind: drinkKind
        ).validated()
        try LoggedTime.check(fields.at, now: now.instant)
        if let stored = try await scope.replayed(WaterEntry.self, id: id) { return stored }
        return try await written(
            WaterEntry(meta: scope.newMeta(at: now.instant, id: id), fields: fields, source: source))
    }

    /// Logs what a draft gives (``WaterEntryDraft``: now, in the person's zone, unless it says otherwise).
    public func log(_ draft: WaterEntryDraft, source: WaterSource, now given: Now? = nil) async throws -> WaterEntry {
        let now: Now
        if let given { now = given } else { now = try await scope.now() }
        let fields = try draft.fields(current: nil, now: now)
        return try await log(
            id: draft.id, amountML: fields.amountML, at: fields.at, timeZoneID: fields.timeZoneID,
            drinkKind: fields.drinkKind, source: source, now: now)
    }

    /// Changes what a draft gives of an entry; the rest, and its source, stay.
    public func update(id: UUID, _ draft: WaterEntryDraft) async throws -> WaterEntry {
        let entry = try await entry(id: id)
        return try await update(id: id, fields: try draft.fields(current: entry.fields, now: try await scope.now()))
    }

    /// Changes the water settings a draft gives: everything is read and checked first, so a bad goal
    /// leaves no changed unit behind; what did not change writes nothing.
    public func apply(_ draft: WaterSettingsDraft) async throws {
        let settings = try await scope.settings.current()
        let shown = settings.water.unit
        var changes: [SettingKey: String] = [:]
        changes[.waterUnit] = draft.unit?.rawValue
        if let given = draft.presets {
            let stored = settings.water.presetsML
            var presets: [Double] = []
            for (slot, amount) in given.enumerated() {
                guard let amount else { continue }
                presets.append(
                    try WaterSettingsDraft.millilitres(
                        amount, stored: slot < stored.count ? stored[slot] : nil, unit: shown,
                        field: "preset \(slot + 1)"))
            }
            if let move = draft.movePresetUp, move > 1, move <= presets.count { presets.swapAt(move - 1, move - 2) }
            changes[.waterPresets] = presets.map { String($0) }.joined(separator: ",")
        }
        changes[.waterStep] = try draft.step.map { step throws(TallyError) in
            String(try WaterSettingsDraft.millilitres(step, stored: settings.water.stepML, unit: .ml, field: "step"))
        }
        var probe = settings
        for (key, text) in changes { try probe.apply(key, text) }
        var goal: Double?
        if let amount = draft.goal {
            let stored = try await currentGoal()
            goal = try WaterAmounts.checkedGoal(
                try WaterSettingsDraft.millilitres(amount, stored: stored, unit: shown, field: draft.goalField),
                field: draft.goalField)
        }
        var periodGoals: [(WaterPeriod, Double?)] = []
        for period in WaterPeriod.allCases {
            guard let given = draft.periodGoals[period] else { continue }
            let field = draft.periodGoalFields[period] ?? period.rawValue
            guard let amount = given else {
                periodGoals.append((period, nil))
                continue
            }
            let stored = try await currentGoal(period)
            periodGoals.append(
                (
                    period,
                    try WaterAmounts.checkedGoal(
                        try WaterSettingsDraft.millilitres(amount, stored: stored, unit: shown, field: field),
                        period: period, field: field)
                ))
        }
        try await scope.settings.update(changes)
        if let goal { try await setGoal(goal) }
        for (period, goal) in periodGoals { try await setGoal(period, millilitres: goal) }
        if let sharing = draft.sharing, sharing != (settings.water.shareToken != nil) {
            _ = try await setSharing(sharing)
        }
    }

    /// Replaces an entry's fields (amount, time, zone, drink kind); its source stays.
    public func update(id: UUID, fields: WaterEntryFields) async throws -> WaterEntry {
        var entry = try await entry(id: id)
        let before = entry.fields.at
        let checked = try fields.validated()
        // An unchanged save writes nothing: no new stamp to sync.
        guard checked != entry.fields else { return entry }
        entry.fields = checked
        entry.meta.modifiedAt = scope.clock.now()
        // A new time must have happened; one kept as it was (written by a device whose clock runs ahead) stays.
        if entry.fields.at != before { try LoggedTime.check(entry.fields.at, now: entry.meta.modifiedAt) }
        return try await written(entry)
    }

    /// Deletes an entry: it becomes a tombstone that every read hides.
    public func delete(id: UUID) async throws {
        try await remove(try await entry(id: id))
    }

    /// Brings back an entry just deleted (the page's Undo): the tombstone becomes the entry again.
    public func restore(id: UUID) async throws -> WaterEntry {
        guard var entry = try await deletedEntry(id: id) else {
            throw TallyError.notFound(kind: "deleted water entry", id: id.text)
        }
        entry.meta.isDeleted = false
        entry.meta.modifiedAt = scope.clock.now()
        return try await written(entry)
    }

    /// The entry `id` if it is deleted (and its tombstone still kept), for the Undo of a delete.
    public func deletedEntry(id: UUID) async throws -> WaterEntry? {
        let query = RecordQuery(id: id, includingDeleted: true)
        return try await scope.store.records(WaterEntry.self, owner: scope.owner, query).first { $0.meta.isDeleted }
    }

    /// Takes back the entry added last and returns it. With `expected`, only that entry is taken back:
    /// an undo button pressed twice, or after another add, must not remove something else.
    public func undo(expected: UUID? = nil) async throws -> WaterEntry {
        guard let last = try await scope.store.lastAddedWaterEntry(owner: scope.owner) else {
            throw TallyError.invalid(field: "undo", reason: "there is no water entry to undo")
        }
        if let expected, expected != last.id {
            throw TallyError.invalid(field: "undo", reason: "that entry is no longer the last one added")
        }
        try await remove(last)
        return last
    }

    public func entry(id: UUID) async throws -> WaterEntry {
        guard let entry = try await scope.store.waterEntry(id: id, owner: scope.owner) else {
            throw TallyError.notFound(kind: "water entry", id: id.text)
        }
        return entry
    }

    public func today() async throws -> WaterDay {
        let now = try await scope.now()
        return try await day(now.today, now: now)
    }

    /// A local day's entries, newest first, and its total against that day's goal.
    public func day(_ day: LocalDay) async throws -> WaterDay {
        try await self.day(day, now: try await scope.now())
    }

    /// Every entry of the days `from...to`, newest first; refused when the days hold more than
    /// ``UserScope/rangeReadLimit`` (with the zones' margin either side).
    public func entries(from: LocalDay, to: LocalDay) async throws -> [WaterEntry] {
        try BathroomService.checkRange(from: from, to: to)
        let now = try await scope.now()
        let window = now.settings.boundary.window(from: from, to: to, around: now.zone)
        var assigner = DayAssigner(boundary: now.settings.boundary)
        return try await scope.rangeRead(WaterEntry.self, in: window.candidates, what: "drinks", from: from, to: to)
            .filter { entry in
                window.mayHold(entry.at, zoneID: entry.timeZoneID)
                    && (from...to).contains(assigner.day(of: entry.at, zoneID: entry.timeZoneID))
            }
    }

    /// A page of the entries of the days `from...to`, newest first, after `before`, with how many the days
    /// hold and their total.
    public func entries(
        from: LocalDay, to: LocalDay, limit: Int?, before: RecordCursor?
    ) async throws -> TimedPage<WaterEntry> {
        try await scope.page(
            WaterEntry.self, series: .water, from: from, to: to, limit: limit, before: before, instant: \.at,
            zoneID: \.timeZoneID)
    }

    /// The all-time statistics, as of today.
    public func stats() async throws -> WaterStats {
        let now = try await scope.now()
        let totals = try await totals(on: nil, now: now)
        return WaterStats(totals: totals, goals: try await goals(), today: now.today)
    }

    /// Each day of `from...to` against its goal, with the range's total, average and days met.
    public func range(from: LocalDay, to: LocalDay) async throws -> WaterRangeStats {
        try BathroomService.checkRange(from: from, to: to)
        let now = try await scope.now()
        return WaterRangeStats(
            from: from, to: to, totals: try await totals(on: from...to, now: now), goals: try await goals(),
            today: now.today)
    }

    /// A month's calendar; `nil` is the current month.
    public func month(year: Int? = nil, month: Int? = nil) async throws -> WaterMonth {
        let now = try await scope.now()
        let year = year ?? now.today.year
        let month = month ?? now.today.month
        guard (1...9999).contains(year), let first = LocalDay(year: year, month: month, day: 1) else {
            throw TallyError.invalid(field: "month", reason: "\(year)-\(month) is not a month")
        }
        return WaterMonth(
            year: year, month: month, totals: try await totals(on: first...first.adding(days: 31), now: now),
            goals: try await goals(), today: now.today, firstWeekday: now.firstWeekday)
    }

    /// The week holding `day` (today's when nil), each day against its goal and the week against the weekly goal.
    public func week(containing day: LocalDay? = nil) async throws -> WaterWeek {
        let now = try await scope.now()
        let day = day ?? now.today
        guard (1...9999).contains(day.year) else {
            throw TallyError.invalid(field: "week", reason: "\(day) is not a day Tally keeps")
        }
        let span = WaterSpan(.week, containing: day, firstWeekday: now.firstWeekday)
        return WaterWeek(
            containing: day, firstWeekday: now.firstWeekday,
            totals: try await totals(on: span.first...span.last, now: now),
            goals: try await goals(), weekGoals: try await goals(.week), today: now.today)
    }

    /// This week's or this month's water against its goal (the span holding `day`, today's when nil).
    public func progress(_ period: WaterPeriod, containing day: LocalDay? = nil) async throws -> WaterPeriodProgress {
        let now = try await scope.now()
        let span = WaterSpan(period, containing: day ?? now.today, firstWeekday: now.firstWeekday)
        return WaterPeriodProgress(
            span: span, totals: try await totals(on: span.first...span.last, now: now), goals: try await goals(period),
            today: now.today)
    }

    /// This week and this month against their goals, and the weeks and months met all time.
    public func periodStats() async throws -> WaterPeriodStats {
        let now = try await scope.now()
        let goals = try await scope.store.records(WaterPeriodGoal.self, owner: scope.owner, .all)
        return WaterPeriodStats(
            totals: try await totals(on: nil, now: now), weekGoals: WaterPeriodGoalHistory(goals, period: .week),
            monthGoals: WaterPeriodGoalHistory(goals, period: .month), today: now.today,
            firstWeekday: now.firstWeekday)
    }

    /// Average per day by week and by month over the last `count` periods.
    public func trend(_ period: WaterTrend.Period, count: Int) async throws -> WaterTrend {
        let now = try await scope.now()
        let totals = try await totals(on: nil, now: now)
        return WaterTrend(
            period, count: count, totals: totals, firstDay: totals.firstDay, today: now.today,
            firstWeekday: now.firstWeekday)
    }

    /// The goal history; each day is judged by the goal in force on it.
    public func goals() async throws -> WaterGoalHistory {
        WaterGoalHistory(try await scope.store.waterGoals(owner: scope.owner))
    }

    /// The goal in force today.
    public func currentGoal() async throws -> Double {
        try await goals().goal(on: try await scope.now().today)
    }

    /// Sets the daily goal from today on; earlier days keep the goal they had.
    @discardableResult
    public func setGoal(_ millilitres: Double) async throws -> WaterGoal {
        let goalML = try WaterAmounts.checkedGoal(millilitres)
        let now = try await scope.now()
        let stored = try await scope.store.waterGoals(owner: scope.owner)
        // The goal in force already: nothing to record (no new stamp, no step in the history). With no goal
        // stored, the default is in force but has no record, so one is written.
        let inForce = stored.filter { $0.effectiveFrom <= now.today }.max { $0.effectiveFrom < $1.effectiveFrom }
        if let inForce, WaterGoalHistory(stored).goal(on: now.today) == goalML { return inForce }
        var goal =
            stored.first { $0.effectiveFrom == now.today }
            ?? WaterGoal(meta: scope.newMeta(at: now.instant), effectiveFrom: now.today, goalML: goalML)
        goal.goalML = goalML
        goal.meta.modifiedAt = now.instant
        let written = try await scope.store.write(goal, now: now.instant)
        return written
    }

    /// The history of the weekly or monthly goal.
    public func goals(_ period: WaterPeriod) async throws -> WaterPeriodGoalHistory {
        WaterPeriodGoalHistory(
            try await scope.store.records(WaterPeriodGoal.self, owner: scope.owner, .all), period: period)
    }

    /// The weekly or monthly goal in force today; nil when none is set.
    public func currentGoal(_ period: WaterPeriod) async throws -> Double? {
        try await goals(period).goal(setBy: try await scope.now().today)
    }

    /// Sets the weekly or monthly goal (nil takes it away) from this week or month on: it counts for the
    /// whole of the current one, and earlier ones keep theirs. The goal already in force writes nothing.
    @discardableResult
    public func setGoal(_ period: WaterPeriod, millilitres: Double?) async throws -> WaterPeriodGoal? {
        let goalML = try millilitres.map { value throws(TallyError) in
            try WaterAmounts.checkedGoal(value, period: period)
        }
        let now = try await scope.now()
        let stored = try await scope.store.records(WaterPeriodGoal.self, owner: scope.owner, .all)
            .filter { $0.period == period }
        let inForce = stored.filter { $0.effectiveFrom <= now.today }.max { $0.effectiveFrom < $1.effectiveFrom }
        if inForce?.goalML == goalML { return inForce }
        var goal =
            stored.first { $0.effectiveFrom == now.today }
            ?? WaterPeriodGoal(
                meta: scope.newMeta(at: now.instant), period: period, effectiveFrom: now.today, goalML: goalML)
        goal.goalML = goalML
        goal.meta.modifiedAt = now.instant
        return try await scope.store.write(goal, now: now.instant)
    }

    /// Turns the public share link on (a new secret each time) or off, and returns the secret.
    @discardableResult
    public func setSharing(_ enabled: Bool) async throws -> String? {
        var generator = SystemRandomNumberGenerator()
        let token =
            enabled
            ? Hex.string((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }) : ""
        try await scope.settings.update([.waterShareToken: token])
        return enabled ? token : nil
    }

    /// The day's total from the totals the store keeps and only its latest entries: what reading a day
    /// costs does not grow with what the day holds.
    private func day(_ day: LocalDay, now: Now) async throws -> WaterDay {
        let window = now.settings.boundary.window(from: day, to: day, around: now.zone)
        let read = try await scope.store.waterDay(
            owner: scope.owner, day: day, window: window, boundary: now.settings.boundary, limit: WaterDay.listed)
        return WaterDay(day: day, latest: read.latest, total: read.total, goals: WaterGoalHistory(read.goals))
    }

    /// The water of each day in `days` (all when nil), from the day totals the store keeps: one row a day,
    /// however many entries.
    private func totals(on days: ClosedRange<LocalDay>?, now: Now) async throws -> WaterDayTotals {
        WaterDayTotals(
            try await scope.store.dayTotals(
                owner: scope.owner, boundary: now.settings.boundary, DayTotalQuery(.water, days: days)))
    }

    private func remove(_ entry: WaterEntry) async throws {
        var entry = entry
        let instant = scope.clock.now()
        entry.meta.isDeleted = true
        entry.meta.modifiedAt = instant
        _ = try await scope.store.write(entry, now: instant)
        try await reconsiderRules(entry)
    }

    private func written(_ entry: WaterEntry) async throws -> WaterEntry {
        let stored = try await scope.store.write(entry, now: entry.meta.modifiedAt)
        try await reconsiderRules(stored)
        return stored
    }

    /// The skills whose rules read the entry's day's water.
    private func reconsiderRules(_ entry: WaterEntry) async throws {
        try await scope.skillRules.evaluate(days: [entry.localDay(try await scope.now().settings.boundary)])
    }
}
