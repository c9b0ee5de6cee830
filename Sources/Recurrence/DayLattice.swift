/// The days of a DAILY or WEEKLY rule whose periods all hold the same days: period `k` holds
/// `origin + k × periodDays + offset` for each of `offsets`. That is a DAILY rule with no day filter and a WEEKLY
/// rule with no `BYMONTH`, both without `BYSETPOS`; they then need no per-day calendar work at all.
struct DayLattice {
    /// The first day of period 0.
    let origin: Int
    /// Days from one period's first day to the next one's.
    let periodDays: Int
    /// The days of a period, from its first day, ascending.
    let offsets: [Int]

    /// The lattice of `plan`'s days, or `nil` when its periods differ. `weekOrigin` is the first day of
    /// `DTSTART`'s week (from `WKST`).
    init?(plan: RulePlan, startDay: Int, weekOrigin: Int, hasDayFilter: Bool) {
        guard plan.setPositions.isEmpty else { return nil }
        switch plan.frequency {
        case .daily where !hasDayFilter:
            (origin, periodDays, offsets) = (startDay, plan.interval, [0])
        case .weekly where plan.monthMask == 0x1FFE:
            origin = weekOrigin
            periodDays = 7 * plan.interval
            offsets = (0..<7).filter { plan.weekdayMask & (UInt8(1) << ((plan.weekStart + $0) % 7)) != 0 }
        default:
            return nil
        }
    }

    /// The first day of period `k`.
    @inline(__always)
    func firstDay(ofPeriod k: Int) -> Int {
        origin + k * periodDays
    }
}
