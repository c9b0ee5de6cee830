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
        var scanner = ASCIIScanner(text)
        guard let year = scanner.number(digits: 4), scanner.take("-"), let month = scanner.number(digits: 2),
            scanner.take("-"), let dayOfMonth = scanner.number(digits: 2),
            let day = LocalDay(year: year, month: month, day: dayOfMonth),
            scanner.take("T") || scanner.take("t") || scanner.take(" "),
            let hour = scanner.number(digits: 2), scanner.take(":"), let minute = scanner.number(digits: 2),
            hour < 24, minute < 60
        else { return nil }
        var second = 0
        var fraction = 0.0
        if scanner.take(":") {
            guard let s = scanner.number(digits: 2), s < 60 else { return nil }
            second = s
            if scanner.take(".") || scanner.take(",") {
                guard let value = decimalFraction(scanner.digitRun()) else { return nil }
                fraction = value
            }
        }
        let local = LocalDateTime(day: day, secondOfDay: hour * 3600 + minute * 60 + second)
        if scanner.isAtEnd {
            return zone.instant(of: local).addingTimeInterval(fraction)
        }
        guard let offset = parseOffset(&scanner) else { return nil }
        let seconds = local.wallSeconds - Int64(offset)
        return Date(timeIntervalSince1970: TimeInterval(seconds) + fraction)
    }

    /// `0.<digits>` as the nearest double. Up to 15 digits both integers divide exactly, so the quotient is
    /// the same correctly rounded value parsing the text gives, without building the text.
    private static func decimalFraction(_ digits: ArraySlice<UInt8>) -> Double? {
        guard !digits.isEmpty else { return nil }
        guard digits.count <= 15 else { return Double("0." + String(decoding: digits, as: UTF8.self)) }
        var numerator = 0
        var denominator = 1
        for byte in digits {
            numerator = numerator * 10 + Int(byte - UInt8(ascii: "0"))
            denominator *= 10
        }
        return Double(numerator) / Double(denominator)
    }

    /// `Z`, `±HH:MM`, `±HHMM` or `±HH` to the end of the text, as seconds east of UTC.
    private static func parseOffset(_ scanner: inout ASCIIScanner) -> Int? {
        if scanner.remaining == 1, scanner.take("Z") || scanner.take("z") { return 0 }
        let negative = scanner.take("-")
        guard negative || scanner.take("+") else { return nil }
        // RFC 3339's time-hour: any offset up to 23:59 is a valid date-time, though no zone uses past 14.
        guard let hours = scanner.number(digits: 2), hours <= 23 else { return nil }
        var minutes = 0
        if !scanner.isAtEnd {
            _ = scanner.take(":")
            guard let m = scanner.number(digits: 2), m < 60, scanner.isAtEnd else { return nil }
            minutes = m
        }
        let seconds = hours * 3600 + minutes * 60
        return negative ? -seconds : seconds
    }
}
