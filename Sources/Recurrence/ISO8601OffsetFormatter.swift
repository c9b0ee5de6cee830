import Foundation

/// Formats instants as ISO 8601 local date-times with a numeric UTC offset, e.g. `1997-09-02T09:00:00-04:00`.
///
/// UTC is written `+00:00` (never `Z`). An offset with seconds (historic local mean time) is written
/// `±HH:MM:SS`. Fractions of a second are dropped.
public enum ISO8601OffsetFormatter {
    /// The text of `date` as seen in `timeZone`.
    public static func string(from date: Date, in timeZone: TimeZone) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        return string(fromSeconds: seconds, offset: timeZone.secondsFromGMT(for: date))
    }

    static func string(fromSeconds seconds: Int, offset: Int) -> String {
        let local = LocalDateTime(localSeconds: seconds + offset)
        let pad = ICalendarText.pad
        let date = pad(local.date.year, 4) + "-" + pad(local.date.month, 2) + "-" + pad(local.date.day, 2)
        let time = pad(local.hour, 2) + ":" + pad(local.minute, 2) + ":" + pad(local.second, 2)
        let magnitude = abs(offset)
        var zone = (offset < 0 ? "-" : "+") + pad(magnitude / 3600, 2) + ":" + pad(magnitude / 60 % 60, 2)
        if magnitude % 60 != 0 { zone += ":" + pad(magnitude % 60, 2) }
        return date + "T" + time + zone
    }
}
