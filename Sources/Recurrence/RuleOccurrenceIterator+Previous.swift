extension RuleOccurrenceIterator {
    /// The last occurrence at or before `bound` (instant seconds), or `nil`. Call on a fresh iterator.
    ///
    /// With `COUNT` and no known end the occurrences must be counted from `DTSTART`, so the rule is run forward.
    /// Otherwise periods are scanned backwards from the one containing `bound` (or `UNTIL`, or the known end of
    /// `COUNT`, if earlier) and the scan stops at the first period that has an occurrence at or before `bound`.
    mutating func last(notAfter bound: Int) -> Int? {
        guard bound >= startInstant else { return nil }
        if countsFromStart || isImpossible {
            var best: Int?
            while let value = next(), value <= bound { best = value }
            return best
        }
        let searchBound = min(bound, untilSearchLimit ?? bound)
        let lastPeriod = source.periodIndex(containingInstant: ExpansionLimits.lastLocalSecond + 86_400)
        var period = min(source.periodIndex(containingInstant: searchBound) + 1, lastPeriod)
        var emptyRun = 0
        var locals: [Int] = []
        var instants: [Int] = []
        while period >= 0 && emptyRun <= source.emptyPeriodLimit {
            if candidatesPerPeriod > meter.remaining {
                meter.exhaust()
                return nil
            }
            locals.removeAll(keepingCapacity: true)
            instants.removeAll(keepingCapacity: true)
            let inRange = source.appendPeriod(period, locals: &locals, instants: &instants)
            countVisit()
            if !meter.spend(1 + instants.count) { return nil }
            if inRange, let found = lastAllowed(notAfter: bound, locals: locals, instants: instants) {
                return max(found, startInstant)
            }
            emptyRun += 1
            period = source.previousPeriod
        }
        return startInstant
    }

    /// The latest candidate at or before `bound` that is within `UNTIL`.
    private func lastAllowed(notAfter bound: Int, locals: [Int], instants: [Int]) -> Int? {
        var index = instants.count - 1
        while index >= 0 {
            if instants[index] <= bound && isWithinUntil(local: locals[index], instant: instants[index]) {
                return instants[index]
            }
            index -= 1
        }
        return nil
    }
}
