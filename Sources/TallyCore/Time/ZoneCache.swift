import Foundation
import Synchronization

/// Time zones by name, looked up and checked once: on Linux `TimeZone(identifier:)` reads and parses
/// zone data on every call, every entry carries the name of the zone it was captured in, and checking a
/// zone's offsets for each of a sync batch's ten thousand entries asked ICU thirty thousand times.
enum ZoneCache {
    private struct Entry {
        let zone: TimeZone
        /// Whether Tally accepts it (``TimeZone/hasSupportedOffsets(_:)``).
        let isSupported: Bool
    }

    private static let zones = Mutex<[String: Entry]>([:])

    static func zone(_ identifier: String) -> TimeZone? { entry(identifier)?.zone }

    /// The zone named `identifier` if Tally accepts it.
    static func supportedZone(_ identifier: String) -> TimeZone? {
        entry(identifier).flatMap { $0.isSupported ? $0.zone : nil }
    }

    private static func entry(_ identifier: String) -> Entry? {
        if let entry = zones.withLock({ $0[identifier] }) { return entry }
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        let entry = Entry(zone: zone, isSupported: TimeZone.hasSupportedOffsets(zone))
        zones.withLock { $0[identifier] = entry }
        return entry
    }
}
