import Foundation

/// The UTC offset changes of one zone in one UTC calendar year, found once per process and shared by every
/// ``ZoneOffsetTable`` (each read builds its own table; asking Foundation again cost every read tens of zone
/// look-ups, and a long expansion one look-up every few days).
///
/// A zone's offsets are fixed for the life of the process (Foundation reads tzdata once), so a year's changes
/// never go stale. The table is cleared when it reaches ``capacity`` years (a few hundred bytes each).
final class ZoneYearCache: @unchecked Sendable {
    /// The changes of one year: the offset in effect at its first second, and each later change in order.
    struct Year {
        let startOffset: Int
        let changes: [(at: Int, offset: Int)]
    }

    /// The process-wide cache.
    static let shared = ZoneYearCache(capacity: 50_000)

    private struct Key: Hashable {
        var zone: String
        var year: Int
    }

    private let capacity: Int
    private let lock = NSLock()
    private var years: [Key: Year] = [:]

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The offset changes of `zone` in UTC year `year`.
    func year(_ year: Int, of zone: TimeZone) -> Year {
        let key = Key(zone: zone.identifier, year: year)
        if let found = lock.withLock({ years[key] }) { return found }
        let computed = Self.compute(year: year, zone: zone)
        lock.withLock {
            if years.count >= capacity { years.removeAll() }
            years[key] = computed
        }
        return computed
    }

    /// Finds a year's changes by asking `TimeZone.nextDaylightSavingTimeTransition(after:)` and checking by
    /// sampling `secondsFromGMT(for:)` every 30 days, so that changes of standard offset (which are not DST
    /// transitions) are found too; each change seen between two samples is located to the second by bisection.
    static func compute(year: Int, zone: TimeZone) -> Year {
        let start = CalendarMath.firstDayOfYear(year) * 86_400
        let end = CalendarMath.firstDayOfYear(year + 1) * 86_400
        let startOffset = offset(zone, start)
        var changes: [(at: Int, offset: Int)] = []
        var lastOffset = startOffset
        var reported: [Int] = []
        var cursor = start
        while let next = zone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: Double(cursor))) {
            let seconds = Int(next.timeIntervalSince1970.rounded(.down))
            if seconds >= end || seconds <= cursor { break }
            reported.append(seconds)
            cursor = seconds
        }
        var sample = start
        var reportedIndex = 0
        while sample < end {
            let nextSample = min(sample + sampleStep, end)
            while reportedIndex < reported.count && reported[reportedIndex] < nextSample {
                let at = reported[reportedIndex]
                let changed = offset(zone, at)
                if changed != lastOffset { changes.append((at, changed)) }
                lastOffset = changed
                reportedIndex += 1
            }
            let sampled = offset(zone, nextSample - 1)
            if sampled != lastOffset {
                let at = bisectChange(zone, after: max(sample, changes.last?.at ?? sample), before: nextSample - 1)
                changes.append((at, sampled))
                lastOffset = sampled
            }
            sample = nextSample
        }
        return Year(startOffset: startOffset, changes: changes)
    }

    /// Sampling step used to catch offset changes that are not reported as DST transitions.
    private static let sampleStep = 30 * 86_400

    /// The first second in `(low, high]` whose offset differs from the offset at `low`.
    private static func bisectChange(_ zone: TimeZone, after low: Int, before high: Int) -> Int {
        let base = offset(zone, low)
        var low = low
        var high = high
        while high - low > 1 {
            let mid = low + (high - low) / 2
            if offset(zone, mid) == base { low = mid } else { high = mid }
        }
        return high
    }

    private static func offset(_ zone: TimeZone, _ utcSeconds: Int) -> Int {
        zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(utcSeconds)))
    }
}
