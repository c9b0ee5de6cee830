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
    private var cachedDay = Int.min
    private var cachedDayMatches = false
    private var candidates: [Int] = []
    private var selected: [Int] = []
    private var segment = OffsetSegment.empty
    private(set) var nextPeriod = 1
    private(set) var previousPeriod = -1
    let emptyPeriodLimit: Int

    init(plan: RulePlan, start: LocalDateTime, table: ZoneOffsetTable) {
        self.plan = plan
        self.table = table
        unit = plan.frequency.fixedSeconds ?? 1
        step = unit * plan.interval
        startInstant = table.instant(forLocalSeconds: start.localSeconds)
        let startWallClock = table.localSeconds(forInstant: startInstant)
        origin = startInstant - CalendarMath.floorMod(startWallClock, unit)
        hasDayFilter = plan.monthMask != 0x1FFE || plan.hasMonthDay || plan.hasYearDay || plan.hasByDay
        let periodsIn400Years = ExpansionLimits.daysIn400Years * 86_400 / step + 1
        emptyPeriodLimit = min(periodsIn400Years, ExpansionLimits.subDailyEmptyStepLimit)
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
        if plan.hourMask & (UInt32(1) << (secondOfDay / 3600)) == 0 {
            let hourStart = periodStart - secondOfDay % 3600
            skip(k, unitStart: hourStart, unitEnd: hourStart + 3600)
            return true
        }
        if plan.frequency != .hourly && plan.minuteMask & (UInt64(1) << (secondOfDay / 60 % 60)) == 0 {
            let minuteStart = periodStart - secondOfDay % 60
            skip(k, unitStart: minuteStart, unitEnd: minuteStart + 60)
            return true
        }
        if plan.frequency == .secondly {
            if plan.secondMask & (UInt64(1) << (secondOfDay % 60)) != 0 && periodStart >= startInstant {
                instants.append(periodStart)
                locals.append(local)
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
    private func skip(_ k: Int, unitStart: Int, unitEnd: Int) {
        let after = CalendarMath.floorDiv(unitEnd - origin + step - 1, step)
        let before = CalendarMath.floorDiv(unitStart - 1 - origin, step)
        nextPeriod = max(k + 1, after)
        previousPeriod = min(k - 1, before)
    }
}
