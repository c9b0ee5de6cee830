import Foundation

/// The distance between two instants in chosen calendar units, as a person counts it on a calendar in
/// one zone: months are calendar months (January 31 plus one month is the last day of February), days are
/// calendar days (a 23-hour daylight-saving day is still one day), and hours are real elapsed hours.
///
/// Without `hours` among the units only the dates count: a birthday is "in 1 day" all day long the day
/// before, and "today" on the day itself.
public struct TimeBreakdown: Hashable, Sendable {
    public enum Direction: String, Sendable {
        case past, future
    }

    /// One unit and how many of it.
    public struct Part: Hashable, Sendable {
        public let unit: DisplayUnit
        public let count: Int
    }

    /// Each chosen unit with its count, largest first; zeros included.
    public let parts: [Part]
    /// Whether the target is behind or ahead of now.
    public let direction: Direction
    /// Calendar days between the two dates, always counted (so coarse units can still say "in 5 days").
    public let calendarDays: Int
    /// Whole seconds between the two instants.
    public let seconds: Int64

    /// The count of `unit`, or nil when it is not among the chosen units.
    public func count(of unit: DisplayUnit) -> Int? { parts.first { $0.unit == unit }?.count }

    /// Whether every chosen unit reads zero.
    public var isZero: Bool { parts.allSatisfy { $0.count == 0 } }

    /// The distance from `now` to `target` read in `zone`, in `units` (largest first, not empty).
    public init(from now: Date, to target: Date, units: [DisplayUnit], zone: TimeZone) {
        let direction: Direction = target < now ? .past : .future
        let (early, late) = direction == .past ? (target, now) : (now, target)
        self.direction = direction
        self.seconds = Int64((late.timeIntervalSince(early)).rounded(.down))
        let units = Set(units)
        let dateOnly = !units.contains(.hours)
        var start = zone.localDateTime(of: early)
        var end = zone.localDateTime(of: late)
        calendarDays = start.day.days(to: end.day)
        if dateOnly {
            start = LocalDateTime(day: start.day, secondOfDay: 0)
            end = LocalDateTime(day: end.day, secondOfDay: 0)
        }
        var parts: [Part] = []
        // Whole months first, each counted from the start in one step so month ends never drift.
        var months = (end.day.year - start.day.year) * 12 + (end.day.month - start.day.month)
        if months > 0, Self.adding(months: months, to: start) > end { months -= 1 }
        months = max(months, 0)
        var usedMonths = 0
        if units.contains(.years) {
            parts.append(Part(unit: .years, count: months / 12))
            usedMonths = months / 12 * 12
        }
        if units.contains(.months) {
            parts.append(Part(unit: .months, count: months - usedMonths))
            usedMonths = months
        }
        var anchor = Self.adding(months: usedMonths, to: start)
        var days = anchor.day.days(to: end.day)
        if end.secondOfDay < anchor.secondOfDay { days -= 1 }
        days = max(days, 0)
        var usedDays = 0
        if units.contains(.weeks) {
            parts.append(Part(unit: .weeks, count: days / 7))
            usedDays = days / 7 * 7
        }
        if units.contains(.days) {
            parts.append(Part(unit: .days, count: days - usedDays))
            usedDays = days
        }
        anchor = LocalDateTime(day: anchor.day.adding(days: usedDays), secondOfDay: anchor.secondOfDay)
        if units.contains(.hours) {
            let elapsed = late.timeIntervalSince(zone.instant(of: anchor))
            parts.append(Part(unit: .hours, count: max(Int((elapsed / 3600).rounded(.down)), 0)))
        }
        self.parts = parts
    }

    /// `local` moved by whole calendar months, the day clamped to the month's length, the time kept.
    static func adding(months: Int, to local: LocalDateTime) -> LocalDateTime {
        let index = local.day.year * 12 + (local.day.month - 1) + months
        let year = index >= 0 ? index / 12 : (index - 11) / 12
        let month = index - year * 12 + 1
        var day = local.day.day
        while LocalDay(year: year, month: month, day: day) == nil { day -= 1 }
        return LocalDateTime(day: LocalDay(year: year, month: month, day: day)!, secondOfDay: local.secondOfDay)
    }
}
