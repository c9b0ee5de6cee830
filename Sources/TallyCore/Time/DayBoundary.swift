import Foundation

/// The rule for which local day an instant belongs to: the day starts at `dayStart` on the wall clock
/// of the zone in question (midnight by default, 04:00 for a night owl).
///
/// Days are counted on the wall clock, never as 24-hour blocks, so a day in which clocks change has
/// 23 or 25 hours.
public struct DayBoundary: Hashable, Sendable {
    public var dayStart: TimeOfDay

    public init(dayStart: TimeOfDay = .midnight) {
        self.dayStart = dayStart
    }

    /// The local day `instant` belongs to in `zone`: the day whose ``interval(of:in:)`` holds it.
    public func day(of instant: Date, in zone: TimeZone) -> LocalDay {
        let local = zone.localDateTime(of: instant)
        let day = local.secondOfDay < dayStart.secondOfDay ? local.day.adding(days: -1) : local.day
        // Around a transition the wall clock can repeat or skip the day start itself (a 01:30 start on
        // a fall-back night happens twice); the day's own start instant decides. Away from one (the
        // offset the same a day and a half either side), the wall clock is exact and cheaper.
        let margin: TimeInterval = 36 * 3600
        if zone.secondsFromGMT(for: instant - margin) == zone.secondsFromGMT(for: instant + margin) { return day }
        if instant < start(of: day, in: zone) { return day.adding(days: -1) }
        if instant >= start(of: day.adding(days: 1), in: zone) { return day.adding(days: 1) }
        return day
    }

    /// The local day of `instant` in the zone named `zoneID`, as an entry captured there reads it (in UTC
    /// when this machine does not know the name).
    public func day(of instant: Date, zoneID: String) -> LocalDay {
        day(of: instant, in: ZoneCache.zone(zoneID) ?? TimeZone(secondsFromGMT: 0)!)
    }

    /// The instant `day` begins in `zone`.
    public func start(of day: LocalDay, in zone: TimeZone) -> Date {
        zone.instant(of: LocalDateTime(day: day, time: dayStart))
    }

    /// The half-open interval of instants that belong to `day` in `zone`.
    public func interval(of day: LocalDay, in zone: TimeZone) -> DateInterval {
        DateInterval(start: start(of: day, in: zone), end: start(of: day.adding(days: 1), in: zone))
    }

    /// Instants wide enough to hold every entry that belongs to the days `from...to` in any zone.
    ///
    /// Entries keep the zone they were captured in, and zones span UTC-12 to UTC+14, so a day's entries
    /// can lie up to 26 hours outside the day as seen in the user's zone. Storage reads this window and
    /// the domain keeps the entries whose own local day matches.
    public func candidateWindow(from: LocalDay, to: LocalDay, around zone: TimeZone) -> DateInterval {
        let slack: TimeInterval = 26 * 3600
        let first = start(of: from, in: zone).addingTimeInterval(-slack)
        let last = start(of: to.adding(days: 1), in: zone).addingTimeInterval(slack)
        return DateInterval(start: first, end: last)
    }
}
