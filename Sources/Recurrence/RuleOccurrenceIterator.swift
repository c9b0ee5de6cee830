/// Produces the instants of one rule in ascending order, applying `DTSTART`, `COUNT` and `UNTIL`.
///
/// `DTSTART` is always the first occurrence and counts toward `COUNT`, even when it does not match the rule
/// (RFC 5545 §3.8.5.3: "The DTSTART property value always counts as the first occurrence"). Invalid dates are never
/// generated, so they never count. Iteration ends after the source's empty-period limit (a whole 400-year
/// Gregorian cycle for DAILY and longer frequencies) with no occurrence: the rule is then treated as exhausted.
///
/// Work is counted on an ``OperationMeter`` shared by a read; once its budget is spent the iterator ends early
/// and the read reports the cut. With `countEnd` (the instant of the `COUNT`-th occurrence, worked out once by
/// ``CountEndCache``) a `COUNT` rule behaves as a rule that ends at that instant, so seeking jumps like it does
/// for a rule without `COUNT` instead of counting from `DTSTART`.
struct RuleOccurrenceIterator {
    let rule: RecurrenceRule
    let source: any PeriodSource
    let startInstant: Int
    /// Whether the rule can never match (see ``RecurrenceRule/impossibilityReason``), or can never match
    /// after this `DTSTART` (``PeriodSource/isProvablyBarren``): only `DTSTART` is produced.
    let isImpossible: Bool
    /// Whether occurrences must be counted from `DTSTART` (a `COUNT` rule whose end is not known).
    let countsFromStart: Bool
    let meter: OperationMeter
    /// The most candidates one period can hold (``RulePlan/candidatesPerPeriod``).
    let candidatesPerPeriod: Int
    /// Inclusive bound compared with wall-clock seconds (floating or DATE `UNTIL` on DAILY and longer rules).
    private let untilLocal: Int?
    /// Inclusive bound compared with instants.
    private let untilInstant: Int?
    /// Whether candidates' wall-clock times are read (only to compare them with `untilLocal`).
    private let readsWallClock: Bool
    /// An instant at or after the last instant `UNTIL` allows, used to start backward searches.
    let untilSearchLimit: Int?
    private var period = 0
    private var cursor = 0
    private var loaded = false
    /// Candidates of the current batch of periods (wall-clock seconds and instants, ascending).
    private var locals: [Int] = []
    private var instants: [Int] = []
    private var sourceExhausted = false
    private var emittedStart = false
    private var finished = false
    private var lastEmitted = Int.min
    private var emittedCount = 0
    private var emptyRun = 0
    /// Occurrences up to this instant are produced and counted toward `COUNT` but not returned.
    private var countedSkipBound = Int.min
    /// Periods loaded so far (diagnostics; lets tests prove that seeking does not walk from `DTSTART`).
    private(set) var periodsVisited = 0

    init(
        rule: RecurrenceRule, start: LocalDateTime, table: ZoneOffsetTable, meter: OperationMeter = OperationMeter(),
        countEnd: Int? = nil, provingBarrenness: Bool = true, fastPaths: Bool = true
    ) {
        self.rule = rule
        self.meter = meter
        let plan = RulePlan(rule: rule, start: start)
        candidatesPerPeriod = plan.candidatesPerPeriod
        if rule.frequency >= .daily {
            source = CalendarPeriodSource(plan: plan, start: start, table: table, fastPaths: fastPaths)
        } else {
            source = FixedStepPeriodSource(plan: plan, start: start, table: table, fastPaths: fastPaths)
        }
        startInstant = table.instant(forLocalSeconds: start.localSeconds)
        let compareLocally = rule.frequency >= .daily
        switch rule.until {
        case .utc(let local)?:
            (untilLocal, untilInstant) = (nil, local.localSeconds)
        case .floating(let local)?:
            let seconds = local.localSeconds
            (untilLocal, untilInstant) =
                compareLocally ? (seconds, nil) : (nil, table.instant(forLocalSeconds: seconds))
        case .date(let date)?:
            let endOfDay = (date.dayNumber + 1) * 86_400
            (untilLocal, untilInstant) =
                compareLocally ? (endOfDay - 1, nil) : (nil, table.instant(forLocalSeconds: endOfDay) - 1)
        case nil:
            (untilLocal, untilInstant) = (nil, countEnd)
        }
        readsWallClock = untilLocal != nil
        countsFromStart = rule.count != nil && countEnd == nil
        if let untilLocal {
            untilSearchLimit = table.instant(forLocalSeconds: untilLocal) + 86_400
        } else {
            untilSearchLimit = untilInstant
        }
        isImpossible = rule.impossibilityReason != nil || (provingBarrenness && source.isProvablyBarren)
        finished = isImpossible
    }

    /// Whether a candidate is within `UNTIL`.
    func isWithinUntil(local: Int, instant: Int) -> Bool {
        if let untilLocal, local > untilLocal { return false }
        if let untilInstant, instant > untilInstant { return false }
        return true
    }

    mutating func countVisit() {
        periodsVisited += 1
    }

    /// The next instant (UTC seconds), or `nil` when the rule is exhausted.
    mutating func next() -> Int? {
        while let value = produce() {
            if value > countedSkipBound { return value }
        }
        return nil
    }

    private mutating func produce() -> Int? {
        if !emittedStart {
            emittedStart = true
            return emit(startInstant)
        }
        if countsFromStart, let count = rule.count, emittedCount >= count { return nil }
        while !finished {
            if cursor < instants.count {
                let instant = instants[cursor]
                let local = readsWallClock ? locals[cursor] : 0
                cursor += 1
                if instant <= lastEmitted { continue }
                if !isWithinUntil(local: local, instant: instant) { break }
                return emit(instant)
            }
            if sourceExhausted { break }
            if candidatesPerPeriod > meter.remaining {
                meter.exhaust()
                break
            }
            locals.removeAll(keepingCapacity: true)
            instants.removeAll(keepingCapacity: true)
            cursor = 0
            let batch = source.appendBatch(
                from: period, locals: &locals, instants: &instants, wallClock: readsWallClock)
            loaded = true
            periodsVisited += batch.periods
            if !meter.spend(batch.periods + instants.count) { break }
            period = batch.nextPeriod
            sourceExhausted = batch.reachedEnd
            if instants.isEmpty {
                emptyRun += batch.periods
                if emptyRun > source.emptyPeriodLimit { break }
            } else {
                emptyRun = batch.trailingEmptyPeriods
            }
        }
        finished = true
        return nil
    }

    /// Positions the iterator so that ``next()`` returns the first occurrence after `instant` (or at it, when
    /// `inclusive`). Without `COUNT` this jumps straight to the period containing `instant`; with `COUNT` the
    /// occurrences before it must be counted, which is done period by period.
    mutating func skip(past instant: Int, inclusive: Bool) {
        let bound = inclusive ? instant - 1 : instant
        guard bound >= startInstant else { return }
        if countsFromStart {
            countedSkipBound = max(countedSkipBound, bound)
            return
        }
        emittedStart = true
        lastEmitted = max(lastEmitted, bound)
        if let untilInstant, bound >= untilInstant {
            finished = true
            return
        }
        let target = max(0, source.periodIndex(containingInstant: instant) - 1)
        if target > period || !loaded {
            period = target
            loaded = false
            emptyRun = 0
            locals.removeAll(keepingCapacity: true)
            instants.removeAll(keepingCapacity: true)
            cursor = 0
        }
    }

    private mutating func emit(_ instant: Int) -> Int {
        lastEmitted = instant
        emittedCount += 1
        return instant
    }
}
