import Foundation

/// A "last used" or "last seen" time kept to the minute: a token used, or a device seen, many times a minute
/// is written once, not on every request.
public enum CoarseTimestamp {
    /// Whether `recorded` (nil when never) should be written again as `now`: a minute or more has passed, or
    /// the clock was set back.
    public static func isDue(_ recorded: Date?, now: Date) -> Bool {
        guard let recorded else { return true }
        return now.timeIntervalSince(recorded) >= 60 || now < recorded
    }
}
