/// Produces the occurrences of a rule one period at a time, as wall-clock seconds and instants (UTC seconds).
///
/// Period `k` is the `k`-th `INTERVAL` step from the period containing `DTSTART`. Appended candidates of one
/// period are in ascending instant order without duplicates and never before `DTSTART`.
protocol PeriodSource: AnyObject {
    /// The period to load after the last one appended (later than `k + 1` when whole days or hours are skipped).
    var nextPeriod: Int { get }
    /// The period to load before the last one appended, when searching backwards.
    var previousPeriod: Int { get }
    /// How many consecutive periods without occurrences are scanned before the rule is taken to be exhausted.
    var emptyPeriodLimit: Int { get }
    /// Whether arithmetic shows that no period will ever have a candidate (the rule gives only `DTSTART`), so
    /// that the iterator need not walk its empty-period limit to find out. `false` when it cannot tell.
    var isProvablyBarren: Bool { get }
    /// Appends the candidates of period `k`; returns `false` (appending nothing) past the end of year 9999.
    func appendPeriod(_ k: Int, locals: inout [Int], instants: inout [Int]) -> Bool
    /// Appends whole periods starting at `first` until enough candidates or periods have been gathered, so that
    /// the per-period overhead is shared by many occurrences. Must append exactly what
    /// ``appendPeriodsOneByOne(_:from:locals:instants:)`` appends (sources override it with fast paths), except
    /// that a fast path may leave `locals` alone when `wallClock` is `false` (nothing will read them).
    func appendBatch(from first: Int, locals: inout [Int], instants: inout [Int], wallClock: Bool) -> PeriodBatch
    /// The index of the period containing an instant (may be negative).
    func periodIndex(containingInstant instant: Int) -> Int
}

/// What one call of ``PeriodSource/appendBatch(from:locals:instants:)`` did.
struct PeriodBatch: Equatable {
    /// Periods loaded.
    var periods = 0
    /// The period to load next.
    var nextPeriod = 0
    /// Consecutive periods without candidates at the end of the batch.
    var trailingEmptyPeriods = 0
    /// Whether loading stopped at the end of year 9999.
    var reachedEnd = false
}

/// The most periods, and (roughly) the most candidates, one batch gathers.
let periodBatchSize = 64

extension PeriodSource {
    func appendBatch(from first: Int, locals: inout [Int], instants: inout [Int], wallClock: Bool) -> PeriodBatch {
        appendPeriodsOneByOne(self, from: first, locals: &locals, instants: &instants)
    }
}

/// The general batch: ``PeriodSource/appendPeriod(_:locals:instants:)`` once per period. Fast paths are tested
/// against it.
func appendPeriodsOneByOne(
    _ source: some PeriodSource, from first: Int, locals: inout [Int], instants: inout [Int]
) -> PeriodBatch {
    var batch = PeriodBatch(nextPeriod: first)
    while batch.periods < periodBatchSize && instants.count < periodBatchSize {
        let before = instants.count
        guard source.appendPeriod(batch.nextPeriod, locals: &locals, instants: &instants) else {
            batch.reachedEnd = true
            return batch
        }
        batch.periods += 1
        batch.trailingEmptyPeriods = instants.count == before ? batch.trailingEmptyPeriods + 1 : 0
        batch.nextPeriod = source.nextPeriod
    }
    return batch
}

/// Selects the `BYSETPOS` positions out of `total` candidates: sorted, unique, zero-based indices.
func selectSetPositions(_ positions: [Int], total: Int, into selected: inout [Int]) {
    selected.removeAll(keepingCapacity: true)
    for position in positions {
        let index = position > 0 ? position - 1 : total + position
        if index >= 0 && index < total { selected.append(index) }
    }
    selected.sort()
    var write = 0
    for read in selected.indices where write == 0 || selected[read] != selected[write - 1] {
        selected[write] = selected[read]
        write += 1
    }
    selected.removeLast(selected.count - write)
}

/// Sorts the parallel arrays from index `start` on by instant and removes repeated instants there (needed only
/// when wall-clock times in a DST gap were moved forward past later candidates of the same period).
func sortAndDeduplicate(locals: inout [Int], instants: inout [Int], from start: Int) {
    let order = (start..<instants.count).sorted { (instants[$0], locals[$0]) < (instants[$1], locals[$1]) }
    var newLocals: [Int] = []
    var newInstants: [Int] = []
    for index in order where newInstants.last != instants[index] {
        newLocals.append(locals[index])
        newInstants.append(instants[index])
    }
    locals.replaceSubrange(start..., with: newLocals)
    instants.replaceSubrange(start..., with: newInstants)
}

/// ``sortAndDeduplicate(locals:instants:from:)`` for a batch gathered without wall-clock times.
func sortAndDeduplicate(instants: inout [Int], from start: Int) {
    let sorted = instants[start...].sorted()
    var unique: [Int] = []
    for value in sorted where unique.last != value { unique.append(value) }
    instants.replaceSubrange(start..., with: unique)
}

/// Bounds shared by the period sources.
enum ExpansionLimits {
    /// Day number of 9999-12-31, the last day expansion produces.
    static let lastDay = CalendarMath.dayNumber(year: 9999, month: 12, day: 31)
    /// Wall-clock seconds at the end of 9999-12-31.
    static let lastLocalSecond = (lastDay + 1) * 86_400 - 1
    /// Days in the 400-year Gregorian cycle, after which the calendar (including weekdays) repeats exactly.
    static let daysIn400Years = 146_097
    /// Consecutive non-producing steps allowed for sub-daily rules: about 2 million, a few tens of milliseconds.
    static let subDailyEmptyStepLimit = 1 << 21
}
