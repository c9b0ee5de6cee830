import Foundation

/// The reads of a set held to a ``RecurrenceBudget``: each throws ``RecurrenceError/overBudget(operations:)``
/// instead of returning an answer it could not finish.
extension RecurrenceSet {
    /// The first `count` occurrences, or ``RecurrenceError/overBudget(operations:)`` if finding them needs more
    /// work than `budget` allows.
    public func firstOccurrences(_ count: Int, budget: RecurrenceBudget) throws(RecurrenceError) -> [Date] {
        let meter = OperationMeter(budget)
        let result = collect(limit: count, meter: meter)
        try meter.check()
        return result
    }

    /// The occurrences between two instants, or ``RecurrenceError/overBudget(operations:)`` if the window
    /// holds, or takes, more work than `budget` allows.
    public func occurrences(
        from lowerBound: Date, to upperBound: Date, inclusive: Bool = true, budget: RecurrenceBudget
    ) throws(RecurrenceError) -> [Date] {
        let meter = OperationMeter(budget)
        let result = occurrences(from: lowerBound, to: upperBound, inclusive: inclusive, meter: meter)
        try meter.check()
        return result
    }

    /// The first occurrence after `date`, or ``RecurrenceError/overBudget(operations:)`` if finding it needs
    /// more work than `budget` allows.
    public func nextOccurrence(
        after date: Date, inclusive: Bool = false, budget: RecurrenceBudget
    ) throws(RecurrenceError) -> Date? {
        let meter = OperationMeter(budget)
        let result = nextOccurrence(after: date, inclusive: inclusive, meter: meter)
        try meter.check()
        return result
    }

    /// Up to `limit` occurrences after `date` (or at it, when `inclusive`), in order, found in one read; or
    /// ``RecurrenceError/overBudget(operations:)`` if finding them needs more work than `budget` allows.
    public func occurrences(
        after date: Date, inclusive: Bool = false, limit: Int, budget: RecurrenceBudget
    ) throws(RecurrenceError) -> [Date] {
        let meter = OperationMeter(budget)
        var merger = makeMerger(meter: meter, seeking: true)
        merger.skip(toAtLeast: Self.minimumSeconds(after: date, inclusive: inclusive))
        var result: [Date] = []
        while result.count < limit, let value = merger.next() { result.append(Self.date(value)) }
        try meter.check()
        return result
    }

    /// The last occurrence before `date`, or ``RecurrenceError/overBudget(operations:)`` if finding it needs
    /// more work than `budget` allows.
    public func previousOccurrence(
        before date: Date, inclusive: Bool = false, budget: RecurrenceBudget
    ) throws(RecurrenceError) -> Date? {
        let meter = OperationMeter(budget)
        let result = previousOccurrence(before: date, inclusive: inclusive, meter: meter)
        try meter.check()
        return result
    }
}
