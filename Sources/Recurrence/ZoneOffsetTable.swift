import Foundation

/// A lazily built table of a time zone's UTC offsets, used to convert between wall-clock seconds and instants
/// without calling into Foundation for every occurrence.
///
/// The table covers a window of UTC years around the most recent queries, filled from ``ZoneYearCache`` (which
/// asks Foundation once per zone and year in the process).
///
/// Not thread-safe: each expansion owns its own table.
final class ZoneOffsetTable {
    let zone: TimeZone
    let isFixedUTC: Bool
    /// UTC seconds at which the offset changes, ascending.
    private var transitions: [Int] = []
    /// Offset in effect from `transitions[i]` on.
    private var offsetsAfter: [Int] = []
    /// Wall-clock seconds from which local times map through `offsetsAfter[i]`: the transition instant plus the
    /// larger of the offsets before and after, so gap times use the earlier offset and overlap times the first.
    private var localSwitches: [Int] = []
    private var offsetBeforeFirst = 0
    private var coveredStart = 0
    private var coveredEnd = 0
    private var hasCoverage = false
    private var instantHint = -1
    private var localHint = -1

    /// Days of margin kept around a query so that nearby transitions are always loaded.
    private static let marginSeconds = 3 * 86_400

    init(zone: TimeZone) {
        self.zone = zone
        self.isFixedUTC = zone.identifier == "UTC" || zone.identifier == "GMT" || zone.identifier == "Etc/UTC"
    }

    /// The UTC offset in seconds at instant `utcSeconds`.
    func offset(atInstant utcSeconds: Int) -> Int {
        if isFixedUTC { return 0 }
        ensureCovered(utcSeconds)
        let count = transitions.count
        var index = instantHint
        if index >= -1 && index < count && (index < 0 || transitions[index] <= utcSeconds)
            && (index + 1 >= count || transitions[index + 1] > utcSeconds)
        {
            return index < 0 ? offsetBeforeFirst : offsetsAfter[index]
        }
        index = Self.lastIndex(in: transitions, notAfter: utcSeconds)
        instantHint = index
        return index < 0 ? offsetBeforeFirst : offsetsAfter[index]
    }

    /// The instant (UTC seconds) for wall-clock `localSeconds`, resolving gaps with the offset before the gap and
    /// overlaps with the first occurrence (RFC 5545 §3.3.5).
    func instant(forLocalSeconds localSeconds: Int) -> Int {
        if isFixedUTC { return localSeconds }
        ensureCovered(localSeconds)
        let count = localSwitches.count
        var index = localHint
        if !(index >= -1 && index < count && (index < 0 || localSwitches[index] <= localSeconds)
            && (index + 1 >= count || localSwitches[index + 1] > localSeconds))
        {
            index = Self.lastIndex(in: localSwitches, notAfter: localSeconds)
            localHint = index
        }
        localHint = index
        return localSeconds - (index < 0 ? offsetBeforeFirst : offsetsAfter[index])
    }

    /// The stretch of wall-clock time around `localSeconds` that maps to instants through a single offset.
    func localSegment(containing localSeconds: Int) -> OffsetSegment {
        if isFixedUTC { return OffsetSegment(low: Int.min, high: Int.max, offset: 0) }
        let instant = instant(forLocalSeconds: localSeconds)
        let index = localHint
        let low = max(index >= 0 ? localSwitches[index] : Int.min, coveredStart + Self.marginSeconds)
        let high = min(
            index + 1 < localSwitches.count ? localSwitches[index + 1] : Int.max, coveredEnd - Self.marginSeconds)
        return OffsetSegment(low: low, high: max(high, localSeconds + 1), offset: localSeconds - instant)
    }

    /// The stretch of instants around `utcSeconds` that share one UTC offset.
    func instantSegment(containing utcSeconds: Int) -> OffsetSegment {
        if isFixedUTC { return OffsetSegment(low: Int.min, high: Int.max, offset: 0) }
        let offset = offset(atInstant: utcSeconds)
        let index = Self.lastIndex(in: transitions, notAfter: utcSeconds)
        let low = max(index >= 0 ? transitions[index] : Int.min, coveredStart + Self.marginSeconds)
        let high = min(
            index + 1 < transitions.count ? transitions[index + 1] : Int.max, coveredEnd - Self.marginSeconds)
        return OffsetSegment(low: low, high: max(high, utcSeconds + 1), offset: offset)
    }

    /// Wall-clock seconds of an instant.
    @inline(__always)
    func localSeconds(forInstant utcSeconds: Int) -> Int {
        utcSeconds + offset(atInstant: utcSeconds)
    }

    private static func lastIndex(in values: [Int], notAfter target: Int) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let mid = (low + high) / 2
            if values[mid] <= target { low = mid + 1 } else { high = mid }
        }
        return low - 1
    }

    private func ensureCovered(_ seconds: Int) {
        let low = seconds - Self.marginSeconds
        let high = seconds + Self.marginSeconds
        if hasCoverage && low >= coveredStart && high < coveredEnd { return }
        let year = CivilDate(dayNumber: CalendarMath.floorDiv(seconds, 86_400)).year
        let chunkStart = CalendarMath.firstDayOfYear(year - 1) * 86_400
        let chunkEnd = CalendarMath.firstDayOfYear(year + 2) * 86_400
        if hasCoverage && chunkStart <= coveredEnd && chunkEnd > coveredEnd && chunkStart >= coveredStart {
            load(from: coveredEnd, to: chunkEnd)
        } else {
            transitions.removeAll(keepingCapacity: true)
            offsetsAfter.removeAll(keepingCapacity: true)
            localSwitches.removeAll(keepingCapacity: true)
            offsetBeforeFirst = ZoneYearCache.shared.year(year - 1, of: zone).startOffset
            coveredStart = chunkStart
            coveredEnd = chunkStart
            load(from: chunkStart, to: chunkEnd)
        }
        hasCoverage = true
        instantHint = -1
        localHint = -1
    }

    /// Appends the transitions in `[start, end)` (whole UTC years, from ``ZoneYearCache``); `start` must equal
    /// the current end of coverage.
    private func load(from start: Int, to end: Int) {
        var lastOffset = offsetsAfter.last ?? offsetBeforeFirst
        var year = CivilDate(dayNumber: CalendarMath.floorDiv(start, 86_400)).year
        while CalendarMath.firstDayOfYear(year) * 86_400 < end {
            let found = ZoneYearCache.shared.year(year, of: zone)
            if found.startOffset != lastOffset {
                append(CalendarMath.firstDayOfYear(year) * 86_400, before: lastOffset, after: found.startOffset)
                lastOffset = found.startOffset
            }
            for change in found.changes where change.offset != lastOffset {
                append(change.at, before: lastOffset, after: change.offset)
                lastOffset = change.offset
            }
            year += 1
        }
        coveredEnd = end
    }

    private func append(_ at: Int, before: Int, after: Int) {
        transitions.append(at)
        offsetsAfter.append(after)
        localSwitches.append(at + max(before, after))
    }
}

/// A half-open range `[low, high)` of wall-clock seconds or instants over which one UTC offset applies.
struct OffsetSegment {
    var low: Int
    var high: Int
    /// Seconds to add to an instant to get wall-clock time (so wall-clock minus `offset` gives the instant).
    var offset: Int

    static let empty = OffsetSegment(low: 0, high: 0, offset: 0)

    @inline(__always)
    func contains(_ value: Int) -> Bool {
        value >= low && value < high
    }
}
