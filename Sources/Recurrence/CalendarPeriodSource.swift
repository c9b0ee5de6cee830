/// Periods of DAILY, WEEKLY, MONTHLY and YEARLY rules, expanded on wall-clock days and converted to instants at
/// the end (gap times move forward by the gap, overlap times take their first occurrence).
final class CalendarPeriodSource: PeriodSource {
    private let plan: RulePlan
    private var masks: PeriodDayMasks
    private let table: ZoneOffsetTable
    private let startLocal: Int
    private let startDay: Int
    private let startYear: Int
    private let startMonthIndex: Int
    private let startWeekDay: Int
    private let hasDayFilter: Bool
    /// The fixed days of every period, when the rule's periods all hold the same days (see ``DayLattice``).
    private let lattice: DayLattice?
    /// Per month shape, the candidates of a MONTHLY period as seconds from its first midnight (``MonthShapes``).
    private var monthShapes: MonthShapes
    private let usesMonthShapes: Bool
    private var days: [Int] = []
    private var selected: [Int] = []
    private var segment = OffsetSegment.empty
    private(set) var nextPeriod = 1
    private(set) var previousPeriod = -1
    let emptyPeriodLimit: Int

    /// `fastPaths: false` expands every period day by day (tests compare the fast paths with it).
    init(plan: RulePlan, start: LocalDateTime, table: ZoneOffsetTable, fastPaths: Bool = true) {
        self.plan = plan
        self.masks = PeriodDayMasks(plan: plan)
        self.table = table
        startLocal = start.localSeconds
        startDay = start.date.dayNumber
        startYear = start.date.year
        startMonthIndex = start.date.year * 12 + start.date.month - 1
        startWeekDay = startDay - CalendarMath.floorMod(start.date.weekday.rawValue - plan.weekStart, 7)
        hasDayFilter = plan.monthMask != 0x1FFE || plan.hasMonthDay || plan.hasYearDay || plan.hasByDay
        lattice =
            fastPaths
            ? DayLattice(plan: plan, startDay: startDay, weekOrigin: startWeekDay, hasDayFilter: hasDayFilter) : nil
        monthShapes = MonthShapes(plan: plan)
        usesMonthShapes = fastPaths
        // Every limit covers the 400-year Gregorian cycle, after which any day pattern repeats exactly.
        switch plan.frequency {
        case .yearly: emptyPeriodLimit = 400
        case .monthly: emptyPeriodLimit = 4_800
        case .weekly: emptyPeriodLimit = ExpansionLimits.daysIn400Years / 7 + 1
        default: emptyPeriodLimit = ExpansionLimits.daysIn400Years
        }
    }

    /// A DAILY rule whose `INTERVAL` is a whole number of weeks stays on `DTSTART`'s weekday, so a `BYDAY`
    /// without that weekday never matches. Other shapes are left to expansion.
    var isProvablyBarren: Bool {
        plan.frequency == .daily && plan.interval % 7 == 0 && plan.hasByDay
            && plan.weekdayMask & (UInt8(1) << CalendarMath.weekdayIndex(ofDayNumber: startDay)) == 0
    }

    func appendBatch(from first: Int, locals: inout [Int], instants: inout [Int], wallClock: Bool) -> PeriodBatch {
        guard let lattice else { return appendPeriodsOneByOne(self, from: first, locals: &locals, instants: &instants) }
        return appendLatticeBatch(lattice, from: first, locals: &locals, instants: &instants, wallClock: wallClock)
    }

    /// ``appendBatch(from:locals:instants:)`` for a rule whose periods hold fixed days: no calendar work, and
    /// the zone's offset looked up only when a candidate leaves the current offset's stretch of wall-clock time.
    private func appendLatticeBatch(
        _ lattice: DayLattice, from first: Int, locals: inout [Int], instants: inout [Int], wallClock: Bool
    ) -> PeriodBatch {
        var batch = PeriodBatch(nextPeriod: first)
        let times = plan.timesOfDay
        let offsets = lattice.offsets
        let startLocal = startLocal
        var segment = self.segment
        var k = first
        var last: Int?
        while batch.periods < periodBatchSize && instants.count < periodBatchSize {
            last = k
            let firstDay = lattice.firstDay(ofPeriod: k)
            guard firstDay <= ExpansionLimits.lastDay else {
                batch.reachedEnd = true
                finishBatch(last: last, segment: segment)
                return batch
            }
            let periodFirst = instants.count
            var ordered = true
            var previous = Int.min
            for offset in offsets {
                let base = (firstDay + offset) * 86_400
                for time in times {
                    let local = base + time
                    if local < startLocal { continue }
                    if !segment.contains(local) { segment = table.localSegment(containing: local) }
                    let instant = local - segment.offset
                    if instant <= previous { ordered = false }
                    previous = instant
                    if wallClock { locals.append(local) }
                    instants.append(instant)
                }
            }
            if !ordered {
                if wallClock {
                    sortAndDeduplicate(locals: &locals, instants: &instants, from: periodFirst)
                } else {
                    sortAndDeduplicate(instants: &instants, from: periodFirst)
                }
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
        if plan.frequency == .monthly, usesMonthShapes, let done = appendMonth(k, locals: &locals, instants: &instants)
        {
            return done
        }
        // Work on a local copy of the day buffer: one exclusivity check per period instead of one per append.
        var days = self.days
        self.days = []
        defer { self.days = days }
        days.removeAll(keepingCapacity: true)
        nextPeriod = k + 1
        previousPeriod = k - 1
        guard collectDays(period: k, into: &days) else { return false }
        let times = plan.timesOfDay
        let timeCount = times.count
        let total = days.count * timeCount
        if total == 0 { return true }
        let first = locals.count
        if plan.setPositions.isEmpty {
            for day in days {
                let base = day * 86_400
                for time in times where base + time >= startLocal { locals.append(base + time) }
            }
        } else {
            selectSetPositions(plan.setPositions, total: total, into: &selected)
            for index in selected {
                let local = days[index / timeCount] * 86_400 + times[index % timeCount]
                if local >= startLocal { locals.append(local) }
            }
        }
        var ordered = true
        var previous = Int.min
        var segment = self.segment
        for index in first..<locals.count {
            let local = locals[index]
            if !segment.contains(local) { segment = table.localSegment(containing: local) }
            let instant = local - segment.offset
            if instant <= previous { ordered = false }
            previous = instant
            instants.append(instant)
        }
        self.segment = segment
        if !ordered { sortAndDeduplicate(locals: &locals, instants: &instants, from: first) }
        return true
    }

    /// Period `k` of a MONTHLY rule from the candidates cached for its month's shape; `nil` when that shape
    /// holds too many candidates to cache (the general path then expands it).
    private func appendMonth(_ k: Int, locals: inout [Int], instants: inout [Int]) -> Bool? {
        nextPeriod = k + 1
        previousPeriod = k - 1
        let monthIndex = startMonthIndex + k * plan.interval
        let year = CalendarMath.floorDiv(monthIndex, 12)
        let month = monthIndex - year * 12 + 1
        guard year <= 9999 else { return false }
        guard plan.monthMask & (UInt16(1) << month) != 0 else { return true }
        let firstDay = CalendarMath.dayNumber(year: year, month: month, day: 1)
        let length = CalendarMath.daysInMonth(year: year, month: month)
        let shape = MonthShapes.index(length: length, firstWeekday: CalendarMath.weekdayIndex(ofDayNumber: firstDay))
        guard let offsets = monthShapes.offsets(shape: shape, mask: masks.monthMasks[shape]) else { return nil }
        let base = firstDay * 86_400
        let periodFirst = instants.count
        var ordered = true
        var previous = Int.min
        var segment = self.segment
        for offset in offsets {
            let local = base + offset
            if local < startLocal { continue }
            if !segment.contains(local) { segment = table.localSegment(containing: local) }
            let instant = local - segment.offset
            if instant <= previous { ordered = false }
            previous = instant
            locals.append(local)
            instants.append(instant)
        }
        self.segment = segment
        if !ordered { sortAndDeduplicate(locals: &locals, instants: &instants, from: periodFirst) }
        return true
    }

    func periodIndex(containingInstant instant: Int) -> Int {
        let day = CalendarMath.floorDiv(table.localSeconds(forInstant: instant), 86_400)
        switch plan.frequency {
        case .yearly:
            return CalendarMath.floorDiv(CivilDate(dayNumber: day).year - startYear, plan.interval)
        case .monthly:
            let date = CivilDate(dayNumber: day)
            return CalendarMath.floorDiv(date.year * 12 + date.month - 1 - startMonthIndex, plan.interval)
        case .weekly:
            return CalendarMath.floorDiv(day - startWeekDay, 7 * plan.interval)
        default:
            return CalendarMath.floorDiv(day - startDay, plan.interval)
        }
    }

    /// Fills `days` with the matching days of period `k`, ascending; `false` past year 9999.
    private func collectDays(period k: Int, into days: inout [Int]) -> Bool {
        switch plan.frequency {
        case .yearly:
            let year = startYear + k * plan.interval
            guard year <= 9999 else { return false }
            let first = CalendarMath.firstDayOfYear(year)
            let mask = masks.yearMask(for: year)
            Self.appendBits(mask.words.0, base: first, to: &days)
            Self.appendBits(mask.words.1, base: first + 64, to: &days)
            Self.appendBits(mask.words.2, base: first + 128, to: &days)
            Self.appendBits(mask.words.3, base: first + 192, to: &days)
            Self.appendBits(mask.words.4, base: first + 256, to: &days)
            Self.appendBits(mask.words.5, base: first + 320, to: &days)
        case .monthly:
            let monthIndex = startMonthIndex + k * plan.interval
            let year = CalendarMath.floorDiv(monthIndex, 12)
            let month = monthIndex - year * 12 + 1
            guard year <= 9999 else { return false }
            guard plan.monthMask & (UInt16(1) << month) != 0 else { return true }
            let first = CalendarMath.dayNumber(year: year, month: month, day: 1)
            let length = CalendarMath.daysInMonth(year: year, month: month)
            let firstWeekday = CalendarMath.weekdayIndex(ofDayNumber: first)
            let mask = masks.monthMasks[(length - 28) * 7 + firstWeekday]
            Self.appendBits(UInt64(mask >> 1), base: first, to: &days)
        case .weekly:
            let weekFirst = startWeekDay + k * 7 * plan.interval
            guard weekFirst <= ExpansionLimits.lastDay else { return false }
            for offset in 0..<7 {
                let weekday = (plan.weekStart + offset) % 7
                guard plan.weekdayMask & (UInt8(1) << weekday) != 0 else { continue }
                let day = weekFirst + offset
                if plan.monthMask != 0x1FFE {
                    let month = CalendarMath.civil(fromDayNumber: day).month
                    guard plan.monthMask & (UInt16(1) << month) != 0 else { continue }
                }
                days.append(day)
            }
        default:
            let day = startDay + k * plan.interval
            guard day <= ExpansionLimits.lastDay else { return false }
            if !hasDayFilter || plan.dayMatches(DayFacts(dayNumber: day)) { days.append(day) }
        }
        return true
    }

    @inline(__always)
    private static func appendBits(_ word: UInt64, base: Int, to days: inout [Int]) {
        var remaining = word
        while remaining != 0 {
            days.append(base + remaining.trailingZeroBitCount)
            remaining &= remaining - 1
        }
    }
}
