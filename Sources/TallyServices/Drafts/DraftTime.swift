import Foundation
import TallyCore

/// When something logged happened (a drink, a void), as an edge gives it: an instant (the API's `at`),
/// or typed as a person writes a time ("20:53", "2026-11-20T20:53", or ISO 8601 with an offset), read in
/// the entry's zone.
public enum DraftTime: Hashable, Sendable {
    case instant(Date)
    case typed(String)

    /// The instant: typed text exactly as a form shows `stored` (minutes) keeps `stored`, seconds and all.
    func resolved(stored: Date?, zone: TimeZone, now: Date, field: String) throws(TallyError) -> Date {
        switch self {
        case .instant(let value): return value
        case .typed(let text):
            if let stored, text.trimmingCharacters(in: .whitespaces) == zone.localDateTime(of: stored).minuteText {
                return stored
            }
            return try TimeInput.parse(text, now: now, zone: zone, field: field)
        }
    }
}
