/// Merges the occurrences of several rules with `RDATE` instants, removing `EXDATE` matches and duplicates.
struct OccurrenceMerger {
    private var iterators: [RuleOccurrenceIterator]
    private var heads: [Int?] = []
    private var headsLoaded = false
    private let inclusions: [Int]
    private var inclusionCursor = 0
    private let exclusions: ExclusionSet
    private var lastReturned = Int.min
    /// One rule and no `RDATE`/`EXDATE`: occurrences come straight from this rule. Kept apart from `iterators`
    /// so that each occurrence costs no uniqueness check of the array.
    private var single: RuleOccurrenceIterator?

    init(iterators: [RuleOccurrenceIterator], inclusions: [Int], exclusions: ExclusionSet) {
        self.iterators = iterators
        self.inclusions = inclusions
        self.exclusions = exclusions
        if iterators.count == 1 && inclusions.isEmpty && exclusions.isEmpty {
            single = iterators[0]
            self.iterators = []
        }
    }

    /// Diagnostic total of periods loaded by all rules.
    var periodsVisited: Int {
        iterators.reduce(single?.periodsVisited ?? 0) { $0 + $1.periodsVisited }
    }

    /// Skips to the first occurrence at or after `minimum`. Must be called before the first ``next()``.
    mutating func skip(toAtLeast minimum: Int) {
        single?.skip(past: minimum, inclusive: true)
        for index in iterators.indices { iterators[index].skip(past: minimum, inclusive: true) }
        var low = 0
        var high = inclusions.count
        while low < high {
            let mid = (low + high) / 2
            if inclusions[mid] < minimum { low = mid + 1 } else { high = mid }
        }
        inclusionCursor = low
        lastReturned = max(lastReturned, minimum - 1)
    }

    /// The next instant of the set (seconds since 1970 UTC), or `nil` when there are no more.
    mutating func next() -> Int? {
        if single != nil { return single!.next() }
        if !headsLoaded {
            heads = iterators.indices.map { iterators[$0].next() }
            headsLoaded = true
        }
        while true {
            var smallest = inclusionCursor < inclusions.count ? inclusions[inclusionCursor] : Int.max
            for head in heads { if let head, head < smallest { smallest = head } }
            if smallest == Int.max { return nil }
            if inclusionCursor < inclusions.count && inclusions[inclusionCursor] == smallest { inclusionCursor += 1 }
            for index in heads.indices where heads[index] == smallest { heads[index] = iterators[index].next() }
            if smallest <= lastReturned || exclusions.contains(smallest) { continue }
            lastReturned = smallest
            return smallest
        }
    }
}

/// `EXDATE` values as instants, plus whole local days for `VALUE=DATE` exclusions.
struct ExclusionSet {
    let instants: Set<Int>
    let days: Set<Int>
    let table: ZoneOffsetTable

    var isEmpty: Bool {
        instants.isEmpty && days.isEmpty
    }

    func contains(_ instant: Int) -> Bool {
        if instants.contains(instant) { return true }
        if days.isEmpty { return false }
        return days.contains(CalendarMath.floorDiv(table.localSeconds(forInstant: instant), 86_400))
    }
}
