/// Shows without expanding that an HOURLY, MINUTELY or SECONDLY rule can never reach a time of day its
/// `BYHOUR`, `BYMINUTE` and `BYSECOND` allow (`FREQ=MINUTELY;INTERVAL=12;BYMINUTE=10,11` from 09:00).
///
/// Period `k` starts at the instant `origin + k × step` (``FixedStepPeriodSource``), whose wall clock is
/// `originWall + k × step + δ`, where `δ` is how far the zone's UTC offset has moved since `origin`. Modulo
/// `g = gcd(step, 86 400)` both `k × step` and whole days vanish, so the second of the day of every period
/// start is `≡ originWall + δ (mod g)`. Every change of offset over the expansion is a multiple of the zone's
/// quantum `q` (3 600 for most zones, 1 800 on Lord Howe Island, 0 for UTC), so every period start lies in
/// `originWall`'s class modulo `h = gcd(g, q)`. If no allowed time of day is in that class, no period start
/// ever passes the time filters and the rule has no occurrence but `DTSTART`; otherwise the arithmetic does
/// not decide (the day parts may still exclude every reachable day), and expansion has the last word.
enum SubDailyLattice {
    /// Whether no period start can pass the time-of-day filters of `plan`. `offsetQuantum` is asked only when
    /// the answer depends on it.
    static func isBarren(plan: RulePlan, originWall: Int, step: Int, offsetQuantum: () -> Int) -> Bool {
        let g = gcd(step, 86_400)
        guard !reaches(plan: plan, residue: CalendarMath.floorMod(originWall, g), modulus: g) else { return false }
        let h = gcd(g, offsetQuantum())
        return h == g || !reaches(plan: plan, residue: CalendarMath.floorMod(originWall, h), modulus: h)
    }

    /// Whether some second of the day that passes the filters is `≡ residue (mod modulus)`.
    ///
    /// HOURLY filters on the hour of a period start, MINUTELY on its hour and minute, SECONDLY on all three:
    /// the allowed seconds of the day are whole hours, whole minutes or single seconds.
    static func reaches(plan: RulePlan, residue: Int, modulus: Int) -> Bool {
        let hours = bits(UInt64(plan.hourMask), below: 24)
        let minutes = plan.frequency == .hourly ? [0] : bits(plan.minuteMask, below: 60)
        let width = plan.frequency == .hourly ? 3_600 : plan.frequency == .minutely ? 60 : 1
        let seconds = plan.frequency == .secondly ? bits(plan.secondMask, below: 60) : [0]
        // For SECONDLY, which residues modulo `modulus` the allowed seconds take (all below 60, so a bit mask
        // serves when the modulus is below 64 and the seconds themselves otherwise).
        var secondResidues: UInt64 = 0
        for second in seconds { secondResidues |= UInt64(1) << (modulus < 64 ? second % modulus : second) }
        for hour in hours {
            for minute in minutes {
                let low = hour * 3_600 + minute * 60
                if width >= modulus { return true }
                let wanted = CalendarMath.floorMod(residue - low, modulus)
                if width > 1 {
                    if wanted < width { return true }
                } else if wanted < 64 && secondResidues & (UInt64(1) << wanted) != 0 {
                    return true
                }
            }
        }
        return false
    }

    /// The indices of the set bits of `mask` below `limit`, ascending.
    private static func bits(_ mask: UInt64, below limit: Int) -> [Int] {
        (0..<limit).filter { mask & (UInt64(1) << $0) != 0 }
    }

    static func gcd(_ a: Int, _ b: Int) -> Int {
        var (x, y) = (abs(a), abs(b))
        while y != 0 { (x, y) = (y, x % y) }
        return x
    }
}
