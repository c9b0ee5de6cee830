import Foundation
import TallyCore

/// When a dated record is (a tracker's target, a reminder's date, an event's start), as an edge gives it:
/// an instant from the API, or a form's day and time to the minute in the record's zone.
public enum DraftMoment: Hashable, Sendable {
    /// An instant, as the API takes an RFC 3339 date-time.
    case instant(Date)
    /// A day and, unless all day, a time of day (minutes), read in the record's zone.
    case local(LocalDay, TimeOfDay?)

    /// The instant, and whether it is all day (nil when an instant does not say). A day and time left as a
    /// form showed the stored instant keep that instant, seconds and all: the form shows minutes.
    func resolved(stored: (instant: Date, allDay: Bool)?, zone: TimeZone) -> (instant: Date, allDay: Bool?) {
        switch self {
        case .instant(let instant):
            return (instant, nil)
        case .local(let day, let time):
            if let stored {
                let local = zone.localDateTime(of: stored.instant)
                if day == local.day, time == (stored.allDay ? nil : local.timeOfDay) { return stored }
            }
            return (zone.instant(of: LocalDateTime(day: day, time: time ?? .midnight)), time == nil)
        }
    }
}
