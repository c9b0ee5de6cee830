import Foundation

/// Where `COUNT` rules end, worked out once per process and kept for the reads that follow.
///
/// A read that seeks into a `COUNT` rule (a window far after `DTSTART`, the next occurrence after now) needs
/// to know whether the `COUNT`-th occurrence is behind it; counting from `DTSTART` on every read made
/// `FREQ=SECONDLY;COUNT=999999;BYSECOND=0` cost seconds per request. Knowing the instant of the last
/// occurrence instead, the rule reads like one with that `UNTIL` and seeks straight to the window. The end
/// depends only on the rule, `DTSTART` and the zone, so it is keyed by those. A rule whose end could not be
/// found within a read's budget is remembered too, so that later reads with no more budget fail at once.
///
/// A small least-recently-used table behind a lock (`NSLock`: `Synchronization.Mutex` needs macOS 15 and the
/// package supports macOS 14); 4,096 entries of a few hundred bytes each.
final class CountEndCache: @unchecked Sendable {
    /// The process-wide cache.
    static let shared = CountEndCache(capacity: 4_096)

    struct Key: Hashable {
        var rule: RecurrenceRule
        var start: LocalDateTime
        var zone: TimeZone
    }

    enum Entry {
        /// The instant of the last occurrence.
        case end(Int)
        /// Finding the end needed more than this many operations.
        case costsMoreThan(Int)
    }

    private let capacity: Int
    private let lock = NSLock()
    private var entries: [Key: (entry: Entry, lastUse: Int)] = [:]
    private var clock = 0

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The instant of the last occurrence of a `COUNT` rule expanded from `start` in `table`'s zone, or `nil`
    /// (with `meter` marked exhausted) when finding it would exceed what is left of `meter`'s budget.
    func end(of rule: RecurrenceRule, start: LocalDateTime, table: ZoneOffsetTable, meter: OperationMeter) -> Int? {
        let key = Key(rule: rule, start: start, zone: table.zone)
        switch lookUp(key) {
        case .end(let instant)?:
            return instant
        case .costsMoreThan(let operations)? where operations >= meter.remaining:
            meter.exhaust()
            return nil
        default:
            break
        }
        let work = OperationMeter(limit: meter.remaining)
        var iterator = RuleOccurrenceIterator(rule: rule, start: start, table: table, meter: work)
        var last = iterator.next()
        while let value = iterator.next() { last = value }
        _ = meter.spend(work.used)
        if work.isExceeded {
            store(.costsMoreThan(work.limit), for: key)
            meter.exhaust()
            return nil
        }
        guard let last else { return nil }
        store(.end(last), for: key)
        return last
    }

    /// Forgets everything (for tests that measure a first read).
    func removeAll() {
        lock.withLock { entries.removeAll() }
    }

    private func lookUp(_ key: Key) -> Entry? {
        lock.withLock {
            guard let found = entries[key] else { return nil }
            clock += 1
            entries[key] = (found.entry, clock)
            return found.entry
        }
    }

    private func store(_ entry: Entry, for key: Key) {
        lock.withLock {
            if case .costsMoreThan(let operations) = entry, case .costsMoreThan(let known)? = entries[key]?.entry,
                known > operations
            {
                return
            }
            if entries[key] == nil && entries.count >= capacity,
                let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
            {
                entries[oldest] = nil
            }
            clock += 1
            entries[key] = (entry, clock)
        }
    }
}
