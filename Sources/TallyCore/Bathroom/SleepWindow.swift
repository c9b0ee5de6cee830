/// The night as a bladder diary sees it: from bedtime to wake time on the wall clock.
public struct SleepWindow: Hashable, Sendable {
    public var bedtime: TimeOfDay
    public var wakeTime: TimeOfDay

    public init(bedtime: TimeOfDay, wakeTime: TimeOfDay) {
        self.bedtime = bedtime
        self.wakeTime = wakeTime
    }

    /// Whether a wall-clock time falls in the night; the window may wrap past midnight.
    public func isNight(_ time: LocalDateTime) -> Bool {
        let t = time.secondOfDay
        let bed = bedtime.secondOfDay
        let wake = wakeTime.secondOfDay
        if bed == wake { return false }
        return bed < wake ? (bed <= t && t < wake) : (t >= bed || t < wake)
    }
}
