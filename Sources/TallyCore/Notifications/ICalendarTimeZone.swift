import Foundation

/// A VTIMEZONE for an IANA zone, from the zone's own transitions: one STANDARD or DAYLIGHT block per
/// change of offset in the years a feed covers (RFC 5545 §3.6.5), so a calendar that does not know the
/// TZID still reads every local time right.
enum ICalendarTimeZone {
    static func write(_ zone: TimeZone, from start: Date, to end: Date, into lines: inout ICalendarLines) {
        lines.add("BEGIN", "VTIMEZONE")
        lines.add("TZID", zone.identifier)
        var transitions: [Date] = []
        var cursor = start
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next < end, transitions.count < 400 {
            transitions.append(next)
            cursor = next
        }
        // The offset in force at the start, then each change.
        block(zone, at: start, from: zone.secondsFromGMT(for: start.addingTimeInterval(-1)), into: &lines)
        for transition in transitions {
            block(
                zone, at: transition, from: zone.secondsFromGMT(for: transition.addingTimeInterval(-1)), into: &lines)
        }
        lines.add("END", "VTIMEZONE")
    }

    /// The offset that starts at `instant` (coming from `previous`).
    private static func block(_ zone: TimeZone, at instant: Date, from previous: Int, into lines: inout ICalendarLines)
    {
        let offset = zone.secondsFromGMT(for: instant)
        let daylight = zone.isDaylightSavingTime(for: instant)
        let kind = daylight ? "DAYLIGHT" : "STANDARD"
        lines.add("BEGIN", kind)
        // DTSTART is the local time of the change, on the clock that was in force before it.
        let local = TimeZone(secondsFromGMT: previous).map { $0.localDateTime(of: instant) }
        lines.add("DTSTART", ICalendarLines.local(local ?? zone.localDateTime(of: instant)))
        lines.add("TZOFFSETFROM", ICalendarLines.offset(previous))
        lines.add("TZOFFSETTO", ICalendarLines.offset(offset))
        if let name = zone.abbreviation(for: instant) { lines.add(text: "TZNAME", name) }
        lines.add("END", kind)
    }
}
