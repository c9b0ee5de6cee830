import Foundation

/// iCalendar text (RFC 5545) as it is written: content lines ending in CRLF, folded at 75 octets without
/// splitting a character, text values escaped, date-times in a zone, as UTC or as dates.
public struct ICalendarLines: Sendable {
    public private(set) var text = ""

    public init() {}

    /// Appends `name:value` (the value already in iCalendar form), folded.
    public mutating func add(_ name: String, _ value: String) {
        var line = Array((name + ":" + value).utf8)
        var first = true
        while !line.isEmpty {
            let room = first ? 75 : 74
            var cut = min(room, line.count)
            // Never cut inside a UTF-8 sequence: continuation bytes are 10xxxxxx.
            while cut < line.count, cut > 0, line[cut] & 0xC0 == 0x80 { cut -= 1 }
            text += (first ? "" : " ") + String(decoding: line[..<cut], as: UTF8.self) + "\r\n"
            line.removeFirst(cut)
            first = false
        }
    }

    /// Appends a text property, escaped.
    public mutating func add(text name: String, _ value: String) { add(name, Self.escaped(value)) }

    /// Backslash, semicolon, comma and line breaks escaped, as TEXT values need.
    public static func escaped(_ value: String) -> String {
        var result = ""
        for character in value {
            switch character {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\n", "\r\n", "\r": result += "\\n"
            default: result.append(character)
            }
        }
        return result
    }

    /// `20261123T090000Z`.
    public static func utc(_ instant: Date) -> String {
        local(TimeZone(secondsFromGMT: 0)!.localDateTime(of: instant)) + "Z"
    }

    /// `20261123T090000`, a wall-clock time to be read with a TZID.
    public static func local(_ local: LocalDateTime) -> String {
        date(local.day) + "T" + pad(local.hour) + pad(local.minute) + pad(local.second)
    }

    /// `20261123`.
    public static func date(_ day: LocalDay) -> String {
        String(format: "%04d", day.year) + pad(day.month) + pad(day.day)
    }

    /// `;TZID=Europe/Paris:20261123T090000`, or `:20261123T080000Z` in a zone without a name (UTC), as
    /// the parameters and value of `name`.
    public mutating func add(_ name: String, instant: Date, zone: TimeZone) {
        if Self.isUTC(zone) {
            add(name, Self.utc(instant))
        } else {
            add(name + ";TZID=" + zone.identifier, Self.local(zone.localDateTime(of: instant)))
        }
    }

    static func isUTC(_ zone: TimeZone) -> Bool {
        ["UTC", "GMT", "Etc/UTC", "Etc/GMT"].contains(zone.identifier)
    }

    /// `+0100`, `-0430`.
    static func offset(_ seconds: Int) -> String {
        let minutes = abs(seconds) / 60
        return (seconds < 0 ? "-" : "+") + pad(minutes / 60) + pad(minutes % 60)
    }

    static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
