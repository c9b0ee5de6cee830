import Foundation

extension RecurrenceSet {
    /// Every occurrence, in order. Throws ``RecurrenceError/unbounded`` if the set is infinite and no `limit` is
    /// given; with a limit, returns at most `limit` occurrences.
    public func allOccurrences(limit: Int? = nil) throws(RecurrenceError) -> [Date] {
        if limit == nil && isUnbounded { throw .unbounded }
        return collect(limit: limit ?? Int.max)
    }

    /// The first `count` occurrences (fewer if the set ends sooner).
    public func firstOccurrences(_ count: Int) -> [Date] {
        collect(limit: count)
    }

    /// The occurrences between two instants, in order; `inclusive` decides whether the bounds themselves count.
    public func occurrences(from lowerBound: Date, to upperBound: Date, inclusive: Bool = true) -> [Date] {
        occurrences(from: lowerBound, to: upperBound, inclusive: inclusive, meter: OperationMeter())
    }

    /// The first occurrence after `date` (or at it, when `inclusive`).
    ///
    /// Rules jump directly to the period containing `date` (the number of whole `INTERVAL` periods is computed
    /// arithmetically). A rule with `COUNT` does so once its last occurrence is known: the first read that seeks
    /// into it counts it from `DTSTART` once, and ``CountEndCache`` keeps the answer for the reads after it.
    public func nextOccurrence(after date: Date, inclusive: Bool = false) -> Date? {
        nextOccurrence(after: date, inclusive: inclusive, meter: OperationMeter())
    }

    /// The last occurrence before `date` (or at it, when `inclusive`).
    public func previousOccurrence(before date: Date, inclusive: Bool = false) -> Date? {
        previousOccurrence(before: date, inclusive: inclusive, meter: OperationMeter())
    }

    func occurrences(from lowerBound: Date, to upperBound: Date, inclusive: Bool, meter: OperationMeter) -> [Date] {
        var merger = makeMerger(meter: meter, seeking: true)
        merger.skip(toAtLeast: Self.minimumSeconds(after: lowerBound, inclusive: inclusive))
        let maximum = Self.maximumSeconds(before: upperBound, inclusive: inclusive)
        var result: [Date] = []
        while let value = merger.next(), value <= maximum { result.append(Self.date(value)) }
        return result
    }

    func nextOccurrence(after date: Date, inclusive: Bool, meter: OperationMeter) -> Date? {
        var merger = makeMerger(meter: meter, seeking: true)
        merger.skip(toAtLeast: Self.minimumSeconds(after: date, inclusive: inclusive))
        return merger.next().map(Self.date)
    }

    func previousOccurrence(before date: Date, inclusive: Bool, meter: OperationMeter) -> Date? {
        var bound = Self.maximumSeconds(before: date, inclusive: inclusive)
        while !meter.isExceeded {
            let (iterators, table) = makeRuleIterators(meter: meter)
            var best: Int?
            for var iterator in iterators {
                if let found = iterator.last(notAfter: bound) { best = max(best ?? found, found) }
            }
            let inclusionInstants =
                inclusions.map { instantSeconds(of: $0, table: table) }
                + (rules.isEmpty ? [instantSeconds(of: start, table: table)] : [])
            for value in inclusionInstants where value <= bound { best = max(best ?? value, value) }
            guard let candidate = best else { return nil }
            if !isExcluded(candidate, table: table) { return Self.date(candidate) }
            bound = candidate - 1
        }
        return nil
    }

    /// A lazy sequence over all occurrences (possibly infinite).
    public var occurrences: RecurrenceSequence {
        RecurrenceSequence(set: self)
    }

    func collect(limit: Int, meter: OperationMeter = OperationMeter()) -> [Date] {
        var merger = makeMerger(meter: meter)
        var result: [Date] = []
        result.reserveCapacity(min(limit, 1 << 16))
        while result.count < limit, let value = merger.next() { result.append(Self.date(value)) }
        return result
    }

    private func isExcluded(_ instant: Int, table: ZoneOffsetTable) -> Bool {
        for value in exclusions {
            if case .date(let date) = value {
                if CalendarMath.floorDiv(table.localSeconds(forInstant: instant), 86_400) == date.dayNumber {
                    return true
                }
            } else if instantSeconds(of: value, table: table) == instant {
                return true
            }
        }
        return false
    }

    static func date(_ seconds: Int) -> Date {
        Date(timeIntervalSince1970: Double(seconds))
    }

    static func minimumSeconds(after date: Date, inclusive: Bool) -> Int {
        let value = date.timeIntervalSince1970
        return inclusive ? Int(value.rounded(.up)) : Int(value.rounded(.down)) + 1
    }

    static func maximumSeconds(before date: Date, inclusive: Bool) -> Int {
        let value = date.timeIntervalSince1970
        return inclusive ? Int(value.rounded(.down)) : Int(value.rounded(.up)) - 1
    }
}

/// A lazy, possibly infinite sequence of the occurrences of a ``RecurrenceSet``.
public struct RecurrenceSequence: Sequence, Sendable {
    let set: RecurrenceSet

    public func makeIterator() -> Iterator {
        Iterator(merger: set.makeMerger())
    }

    /// Iterates occurrences in order.
    public struct Iterator: IteratorProtocol {
        var merger: OccurrenceMerger

        public mutating func next() -> Date? {
            merger.next().map(RecurrenceSet.date)
        }
    }
}
