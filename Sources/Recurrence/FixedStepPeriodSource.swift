/// Periods of HOURLY, MINUTELY and SECONDLY rules.
///
/// A period starts at `DTSTART`'s hour (HOURLY) or minute (MINUTELY) with its minutes and seconds cleared, and
/// `BYMINUTE` / `BYSECOND` expand to offsets from that start.
///
/// These frequencies step in elapsed time (RFC 5545 erratum 3883 reading): period `k` starts `k × INTERVAL`
/// hours, minutes or seconds after the start of `DTSTART`'s hour, minute or second, so an HOURLY rule across a
/// fall-back transition produces both 01:00 EDT and 01:00 EST, and across a spring-forward skips the missing hour.
/// The `BYxxx` limits are checked against the wall-clock fields of each period in the expansion zone, and whole
/// days, hours or minutes that fail them are jumped over instead of being visited one period at a time.
final class FixedStepPeriodSource: PeriodSource {
    private let plan: RulePlan
    private let table: ZoneOffsetTable
    private let startInstant: Int
    private let origin: Int
    private let step: Int
    private let unit: Int
    private let hasDayFilter: Bool
    /// Whether every period passes the rule's filters (an HOURLY or MINUTELY rule with no day, hour or minute
    /// limit and no `BYSETPOS`): each period then holds `offsetsInPeriod` from its start.
    private let isUnfiltered: Bool
    private var cachedDay = Int.min
    private var cachedDayMatches = false
    private var candidates: [Int] = []
    private var selected: [Int] = []
    private var segment = OffsetSegment.empty
    private(set) var nextPeriod = 1
    private(set) var previousPeriod = -1
    let emptyPeriodLimit: Int

    /// `fastPaths: false` checks the filters of every period (tests compare the fast path with it).
    init(plan: RulePlan, start: LocalDateTime, table: ZoneOffsetTable, fastPaths: Bool = true) {
        self.plan = plan
        self.table = table
        unit = plan.frequency.fixedSeconds ?? 1
        step = unit * plan.interval
        startInstant = table.instant(forLocalSeconds: start.localSeconds)
        let startWallClock = table.localSeconds(forInstant: startInstant)
        origin = startInstant - CalendarMath.floorMod(startWallClock, unit)
        hasDayFilter = plan.monthMask != 0x1FFE || plan.hasMonthDay || plan.hasYearDay || plan.hasByDay
        let allHours: UInt32 = (1 << 24) - 1
        let allMinutes: UInt64 = (1 << 60) - 1
        isUnfiltered =
            fastPaths && !hasDayFilter && plan.setPositions.isEmpty && plan.hourMask == allHours
            && (plan.frequency == .hourly || (plan.frequency == .minutely && plan.minuteMask == allMinutes))
        let periodsIn400Years = ExpansionLimits.daysIn400Years * 86_400 / step + 1
        emptyPeriodLimit = min(periodsIn400Years, ExpansionLimits.subDailyEmptyStepLimit)
    }

    var isProvablyBarren: Bool {
        if plan.frequency != .secondly && !plan.setPositions.isEmpty {
            var chosen: [Int] = []
            selectSetPositions(plan.setPositions, total: plan.offsetsInPeriod.count, into: &chosen)
            if chosen.isEmpty { return true }
        }
        let originWall = table.localSeconds(forInstant: origin)
        return SubDailyLattice.isBarren(plan: plan, originWall: originWall, step: step) {
            table.offsetChangeQuantum(from: origin)
        }
    }

    func appendBatch(from first: Int, locals: inout [Int], instants: inout [Int], wallClock: Bool) -> PeriodBatch {
        guard isUnfiltered else {
            return appendPeriodsOneByOne(self, from: first, locals: &locals, instants: &instants)
        }
        var batch = PeriodBatch(nextPeriod: first)
        let offsets = plan.offsetsInPeriod
        let startInstant = startInstant
        var segment = self.segment
        var k = first
        var last: Int?
        while batch.periods < periodBatchSize && instants.count < periodBatchSize {
            last = k
            let periodStart = origin + k * step
            if !segment.contains(periodStart) { segment = table.instantSegment(containing: periodStart) }
            guard periodStart + segment.offset <= ExpansionLimits.lastLocalSecond else {
                batch.reachedEnd = true
                finishBatch(last: last, segment: segment)
                return batch
            }
            let periodFirst = instants.count
            for offset in offsets {
                let instant = periodStart + offset
                if instant < startInstant { continue }
                if !segment.contains(instant) { segment = table.instantSegment(containing: instant) }
                instants.append(instant)
                if wallClock { locals.append(instant + segment.offset) }
            }
            batch.periods += 1
            batch.trailingEmptyPeriods = instants.count == periodFirst ? batch.trailingEmptyPeriods + 1 : 0
            k += 1
            batch.nextPeriod = k
        }
        finishBatch(last: last, segment: segment)
        return batch
    }

    /// Leaves the source as the last `appendPeriod` of a batch would have (the neighbouring periods of `last`)
    /// and keeps the offset stretch found. Written once per batch, not per period: captured by a `defer`, or
    /// written in the loop, these class properties cost a dynamic exclusivity check per candidate.
    private func finishBatch(last: Int?, segment: OffsetSegment) {
        self.segment = segment
        if let last { (nextPeriod, previousPeriod) = (last + 1, last - 1) }
    }

    func appendPeriod(_ k: Int, locals: inout [Int], instants: inout [Int]) -> Bool {
        nextPeriod = k + 1
        previousPeriod = k - 1
        let periodStart = origin + k * step
        let local = wallClock(periodStart)
        guard local <= ExpansionLimits.lastLocalSecond else { return false }
        let day = CalendarMath.floorDiv(local, 86_400)
        if day != cachedDay {
            cachedDay = day
            cachedDayMatches = !hasDayFilter || plan.dayMatches(DayFacts(dayNumber: day))
        }
        let secondOfDay = local - day * 86_400
        if !cachedDayMatches {
            skip(
                k, unitStart: table.instant(forLocalSeconds: day * 86_400),
                unitEnd: table.instant(forLocalSeconds: (day + 1) * 86_400))
            return true
        }
        let hour = secondOfDay / 3600
        if plan.hourMask & (UInt32(1) << hour) == 0 {
            let hourStart = periodStart - secondOfDay % 3600
            let next = Self.nextBit(UInt64(plan.hourMask), after: hour, below: 24)
            skip(k, unitStart: hourStart, unitEnd: hourStart + 3600, wallTarget: day * 86_400 + next * 3600)
            return true
        }
        let minute = secondOfDay / 60 % 60
        if plan.frequency != .hourly && plan.minuteMask & (UInt64(1) << minute) == 0 {
            let minuteStart = periodStart - secondOfDay % 60
            let next = Self.nextBit(plan.minuteMask, after: minute, below: 60)
            let hourWall = local - secondOfDay % 3600
            skip(k, unitStart: minuteStart, unitEnd: minuteStart + 60, wallTarget: hourWall + next * 60)
            return true
        }
        if plan.frequency == .secondly {
            let second = secondOfDay % 60
            if plan.secondMask & (UInt64(1) << second) != 0 {
                if periodStart >= startInstant {
                    instants.append(periodStart)
                    locals.append(local)
                }
            } else {
                let next = Self.nextBit(plan.secondMask, after: second, below: 60)
                skip(k, unitStart: periodStart, unitEnd: periodStart + 1, wallTarget: local - second + next)
            }
            return true
        }
        var candidates = self.candidates
        self.candidates = []
        defer { self.candidates = candidates }
        candidates.removeAll(keepingCapacity: true)
        // Offsets count from the period start in elapsed time, so a half-hour offset change inside the period
        // (Lord Howe Island) shifts the wall clock instead of repeating or dropping candidates.
        for offset in plan.offsetsInPeriod { candidates.append(periodStart + offset) }
        if !plan.setPositions.isEmpty {
            selectSetPositions(plan.setPositions, total: candidates.count, into: &selected)
            candidates = selected.map { candidates[$0] }
        }
        for instant in candidates where instant >= startInstant {
            instants.append(instant)
            locals.append(wallClock(instant))
        }
        return true
    }

    @inline(__always)
    private func wallClock(_ instant: Int) -> Int {
        if !segment.contains(instant) { segment = table.instantSegment(containing: instant) }
        return instant + segment.offset
    }

    func periodIndex(containingInstant instant: Int) -> Int {
        CalendarMath.floorDiv(instant - origin, step)
    }

    /// Sets the neighbouring periods to the first one at or after `unitEnd` and the last one before `unitStart`.
    ///
    /// `wallTarget` is the wall-clock time of the next hour, minute or second the filters allow (the start of
    /// the next one when none is left): every period before it fails them too, so forward iteration jumps
    /// there; but only up to the next change of UTC offset, where the wall clock may go back over allowed
    /// times (a fall-back repeats an hour; Lord Howe Island repeats half of one).
    private func skip(_ k: Int, unitStart: Int, unitEnd: Int, wallTarget: Int? = nil) {
        var end = unitEnd
        if let wallTarget { end = max(end, min(wallTarget - segment.offset, segment.high)) }
        let after = CalendarMath.floorDiv(end - origin + step - 1, step)
        let before = CalendarMath.floorDiv(unitStart - 1 - origin, step)
        nextPeriod = max(k + 1, after)
        previousPeriod = min(k - 1, before)
    }

    /// The lowest set bit of `mask` above `value`, or `limit` when there is none below it.
    private static func nextBit(_ mask: UInt64, after value: Int, below limit: Int) -> Int {
        let above = value + 1 >= 64 ? 0 : mask & ~((UInt64(1) << (value + 1)) - 1)
        let found = above == 0 ? limit : above.trailingZeroBitCount
        return min(found, limit)
    }
}
