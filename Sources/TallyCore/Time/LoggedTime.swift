import Foundation

/// When something logged (a drink, a bathroom visit, a journal day, a moment) may be: what has happened, so
/// not later than a few minutes past the clock (phones and servers drift), and not before 2000. Reminders,
/// events and trackers look ahead and are not held to this.
public enum LoggedTime {
    /// How far ahead of this clock a log may be: two devices' clocks seldom differ by more.
    public static let futureTolerance: TimeInterval = 5 * 60
    /// 2000-01-01T00:00:00Z: nothing earlier is a record someone keeps here.
    public static let earliest = Date(timeIntervalSince1970: 946_684_800)

    /// Refuses an instant past the tolerance ahead of `now`, or before ``earliest``, naming `field`.
    public static func check(_ instant: Date, now: Date, field: String = "at") throws(TallyError) {
        if instant > now.addingTimeInterval(futureTolerance) {
            throw .invalid(
                field: field,
                reason: "\(InstantFormat.string(instant)) is in the future: log what has happened (the clock here "
                    + "reads \(InstantFormat.string(now)))")
        }
        if instant < earliest {
            throw .invalid(field: field, reason: "\(InstantFormat.string(instant)) is before 2000")
        }
    }

    /// Refuses a local day after `today`, naming `field`.
    public static func check(_ day: LocalDay, today: LocalDay, field: String = "date") throws(TallyError) {
        guard day <= today else {
            throw .invalid(field: field, reason: "\(day) is in the future: write about today or days gone by")
        }
        guard day.year >= 2000 else { throw .invalid(field: field, reason: "\(day) is before 2000") }
    }
}
