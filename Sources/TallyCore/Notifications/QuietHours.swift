import Foundation

/// A stretch of the day without notifications, such as `22:00-07:00` (it may run past midnight).
public struct QuietHours: Hashable, Sendable, CustomStringConvertible {
    public var start: TimeOfDay
    public var end: TimeOfDay

    public init(start: TimeOfDay, end: TimeOfDay) {
        self.start = start
        self.end = end
    }

    /// Whether `time` falls in the quiet stretch: from `start` (included) to `end` (excluded).
    public func contains(_ time: TimeOfDay) -> Bool {
        if start == end { return false }
        if start < end { return start <= time && time < end }
        return time >= start || time < end
    }

    /// `22:00-07:00`.
    public var description: String { "\(start)-\(end)" }

    /// Reads `HH:MM-HH:MM`, or names what is wrong with it.
    public static func parse(_ text: String) throws(TallyError) -> QuietHours {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let start = TimeOfDay(String(parts[0]).trimmed),
            let end = TimeOfDay(String(parts[1]).trimmed)
        else {
            throw .invalid(field: "quiet hours", reason: "'\(text)' is not a range of times like 22:00-07:00")
        }
        guard start != end else {
            throw .invalid(field: "quiet hours", reason: "'\(text)' starts and ends at the same time")
        }
        return QuietHours(start: start, end: end)
    }
}

extension String {
    fileprivate var trimmed: String { trimmingCharacters(in: .whitespaces) }
}
