import Foundation

/// A `DTSTART`, `RDATE` or `EXDATE` value: a date, a floating date-time, a UTC date-time or a zoned date-time.
public enum DateTimeValue: Hashable, Sendable {
    /// `VALUE=DATE`: an all-day value, placed at local midnight of the expansion zone.
    case date(CivilDate)
    /// A floating wall-clock time, interpreted in the set's floating time zone.
    case floating(LocalDateTime)
    /// A UTC time (`...Z`), given as its UTC fields.
    case utc(LocalDateTime)
    /// A wall-clock time in a named zone (`TZID=...`).
    case zoned(LocalDateTime, TimeZone)

    /// The wall-clock fields (midnight for a date).
    public var localDateTime: LocalDateTime {
        switch self {
        case .date(let date): return LocalDateTime(date: date)
        case .floating(let local), .utc(let local), .zoned(let local, _): return local
        }
    }

    /// The zone this value is expressed in, or `nil` for dates and floating values.
    public var explicitTimeZone: TimeZone? {
        switch self {
        case .date, .floating: return nil
        case .utc: return TimeZone(identifier: "UTC")!
        case .zoned(_, let zone): return zone
        }
    }

    /// Whether this is a `VALUE=DATE` value.
    public var isDate: Bool {
        if case .date = self { return true }
        return false
    }

    /// The instant this value denotes; floating values and dates use `floatingZone`.
    ///
    /// A wall-clock time that does not exist (spring-forward gap) uses the offset before the gap and an ambiguous
    /// one (fall-back overlap) its first occurrence, as RFC 5545 §3.3.5 specifies.
    public func instant(floatingZone: TimeZone) -> Date {
        let zone = explicitTimeZone ?? floatingZone
        let table = ZoneOffsetTable(zone: zone)
        return Date(timeIntervalSince1970: Double(table.instant(forLocalSeconds: localDateTime.localSeconds)))
    }
}
