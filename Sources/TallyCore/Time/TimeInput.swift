import Foundation

/// Reads a time a person typed: `HH:MM`, a local `YYYY-MM-DDTHH:MM[:SS]`, or ISO 8601 with an offset
/// (`2026-03-08T02:30:00-05:00`, `...Z`).
///
/// Local readings are taken in `zone`. A bare `HH:MM` means the latest such reading that is not in the
/// future (15 minutes of grace for a clock running a little ahead): typing `23:58` at 00:10 logs
/// yesterday's 23:58, which is what someone catching up on a log means.
public enum TimeInput {
    public static let futureGrace: TimeInterval = 15 * 60

    public static func parse(
        _ text: String, now: Date, zone: TimeZone, field: String = "time"
    ) throws(TallyError) -> Date {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let time = TimeOfDay(trimmed) {
            let today = zone.localDateTime(of: now).day
            let candidate = zone.instant(of: LocalDateTime(day: today, time: time))
            if candidate <= now.addingTimeInterval(futureGrace) { return candidate }
            return zone.instant(of: LocalDateTime(day: today.adding(days: -1), time: time))
        }
        if let instant = parseISO(trimmed, zone: zone) { return instant }
        throw .invalid(
            field: field,
            reason: "'\(text)' is not a time: use HH:MM, YYYY-MM-DDTHH:MM, or ISO 8601 with an offset")
    }

    /// An RFC 3339 instant: `YYYY-MM-DDTHH:MM:SS[.fff](Z|±HH:MM)`, the offset required.
    public static func parseInstant(_ text: String) -> Date? {
        guard let last = text.last,
            last == "Z" || last == "z" || text.dropFirst(19).contains(where: { $0 == "+" || $0 == "-" })
        else { return nil }
        return parseISO(text, zone: TimeZone(secondsFromGMT: 0)!)
    }

    /// `YYYY-MM-DD[T ]HH:MM[:SS[.fff]][Z|±HH:MM|±HHMM]`; without an offset, read in `zone`.
    public static func parseISO(_ text: String, zone: TimeZone) -> Date? {
        let chars = Array(text)
        guard chars.count >= 16, chars[10] == "T" || chars[10] == "t" || chars[10] == " ",
            let day = LocalDay(String(chars[0..<10]))
        else { return nil }
        var rest = chars[11...]
        guard let hour = takeNumber(&rest, digits: 2), take(&rest, ":"), let minute = takeNumber(&rest, digits: 2),
            hour < 24, minute < 60
        else { return nil }
        var second = 0
        var fraction = 0.0
        if take(&rest, ":") {
            guard let s = takeNumber(&rest, digits: 2), s < 60 else { return nil }
            second = s
            if take(&rest, ".") || take(&rest, ",") {
                let digits = rest.prefix(while: \.isASCIIDigit)
                guard !digits.isEmpty, let value = Double("0." + String(digits)) else { return nil }
                fraction = value
                rest = rest.dropFirst(digits.count)
            }
        }
        let local = LocalDateTime(day: day, secondOfDay: hour * 3600 + minute * 60 + second)
        if rest.isEmpty {
            return zone.instant(of: local).addingTimeInterval(fraction)
        }
        guard let offset = parseOffset(rest) else { return nil }
        let seconds = local.wallSeconds - Int64(offset)
        return Date(timeIntervalSince1970: TimeInterval(seconds) + fraction)
    }

    /// `Z`, `±HH:MM`, `±HHMM` or `±HH` as seconds east of UTC.
    private static func parseOffset(_ text: ArraySlice<Character>) -> Int? {
        var rest = text
        if rest.count == 1, rest.first == "Z" || rest.first == "z" { return 0 }
        guard let sign = rest.first, sign == "+" || sign == "-" else { return nil }
        rest = rest.dropFirst()
        guard let hours = takeNumber(&rest, digits: 2), hours <= 14 else { return nil }
        var minutes = 0
        if !rest.isEmpty {
            _ = take(&rest, ":")
            guard let m = takeNumber(&rest, digits: 2), m < 60, rest.isEmpty else { return nil }
            minutes = m
        }
        let seconds = hours * 3600 + minutes * 60
        return sign == "-" ? -seconds : seconds
    }

    private static func takeNumber(_ rest: inout ArraySlice<Character>, digits: Int) -> Int? {
        let prefix = rest.prefix(digits)
        guard prefix.count == digits, prefix.allSatisfy(\.isASCIIDigit) else { return nil }
        rest = rest.dropFirst(digits)
        return Int(String(prefix))
    }

    private static func take(_ rest: inout ArraySlice<Character>, _ character: Character) -> Bool {
        guard rest.first == character else { return false }
        rest = rest.dropFirst()
        return true
    }
}
