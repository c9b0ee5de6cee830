/// A wall-clock time of day with minute precision (`23:30`), used for settings such as the day start,
/// bedtime and wake time.
public struct TimeOfDay: Hashable, Comparable, Sendable {
    /// Minutes after midnight, `0..<1440`.
    public let minuteOfDay: Int

    public init?(hour: Int, minute: Int) {
        guard (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        self.minuteOfDay = hour * 60 + minute
    }

    public var hour: Int { minuteOfDay / 60 }
    public var minute: Int { minuteOfDay % 60 }
    public var secondOfDay: Int { minuteOfDay * 60 }

    public static let midnight = TimeOfDay(hour: 0, minute: 0)!

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool { lhs.minuteOfDay < rhs.minuteOfDay }
}

extension TimeOfDay: CustomStringConvertible, LosslessStringConvertible {
    /// `HH:MM`.
    public var description: String {
        "\(String(hour).leftPadded(to: 2)):\(String(minute).leftPadded(to: 2))"
    }

    /// Parses `H:MM` or `HH:MM` in 24-hour time.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
            let h = Int(parts[0]), let m = Int(parts[1])
        else { return nil }
        self.init(hour: h, minute: m)
    }

    /// `HH:MM`, or an error naming `field`.
    public static func parse(_ text: String, field: String) throws(TallyError) -> TimeOfDay {
        guard let time = TimeOfDay(text) else {
            throw .invalid(field: field, reason: "'\(text)' is not a time of day in the form HH:MM")
        }
        return time
    }
}
