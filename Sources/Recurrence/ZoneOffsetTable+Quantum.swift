import Foundation

extension ZoneOffsetTable {
    /// The greatest common divisor of every change of the zone's UTC offset from the instant `start` on (0 when
    /// the offset never changes), for ``SubDailyLattice``.
    ///
    /// Transitions are walked to two years past 2100 (or past `start`, if later): tzdata lists changes up to
    /// 2037 and repeats its last rule after that, so later years add no new change. Offsets are also sampled
    /// twice a year, which catches a change of standard offset the zone does not report as a transition. Costs a
    /// few hundred zone look-ups; it is asked only for a rule whose barrenness depends on it.
    func offsetChangeQuantum(from start: Int) -> Int {
        if isFixedUTC { return 0 }
        let base = zone.secondsFromGMT(for: Self.date(start))
        let last = CalendarMath.firstDayOfYear(
            min(9999, max(2100, CivilDate(dayNumber: CalendarMath.floorDiv(start, 86_400)).year) + 2))
        let stop = last * 86_400
        var quantum = 0
        var cursor = start
        while let next = zone.nextDaylightSavingTimeTransition(after: Self.date(cursor)) {
            let seconds = Int(next.timeIntervalSince1970.rounded(.down))
            if seconds <= cursor || seconds >= stop { break }
            quantum = SubDailyLattice.gcd(quantum, zone.secondsFromGMT(for: Self.date(seconds + 1)) - base)
            cursor = seconds
        }
        var sample = start
        while sample < stop {
            quantum = SubDailyLattice.gcd(quantum, zone.secondsFromGMT(for: Self.date(sample)) - base)
            sample += 182 * 86_400
        }
        return quantum
    }

    private static func date(_ seconds: Int) -> Date {
        Date(timeIntervalSince1970: Double(seconds))
    }
}
