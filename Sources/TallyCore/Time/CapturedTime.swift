import Foundation

/// The check every entry's "when and where" goes through: a zone this machine knows, an instant whose
/// local date is in the years 0001 to 9999 in every zone, kept to the millisecond.
public enum CapturedTime {
    static let instantRange =
        Date(
            timeIntervalSince1970: TimeInterval(LocalDay(year: 1, month: 1, day: 2)!.dayNumber) * 86_400)...Date(
            timeIntervalSince1970: TimeInterval(LocalDay(year: 9999, month: 12, day: 30)!.dayNumber) * 86_400)

    /// `at` as stored, or an error naming the field that is wrong.
    public static func checked(at: Date, timeZoneID: String) throws(TallyError) -> Date {
        guard TimeZone.supported(timeZoneID) != nil else {
            throw .invalid(field: "timeZone", reason: "'\(timeZoneID)' is not a known time zone")
        }
        guard at.timeIntervalSince1970.isFinite, instantRange.contains(at) else {
            throw .invalid(field: "at", reason: "the time is outside the years 0001 to 9999")
        }
        return Date(millisecondsSince1970: at.millisecondsSince1970)
    }
}
