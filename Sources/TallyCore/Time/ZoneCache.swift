import Foundation

/// Time zones by name, looked up and checked once: on Linux `TimeZone(identifier:)` reads and parses
/// zone data on every call, every entry carries the name of the zone it was captured in, and checking a
/// zone's offsets for each of a sync batch's ten thousand entries asked ICU thirty thousand times.
enum ZoneCache {
    private struct Entry {
        let zone: TimeZone
        /// Whether Tally accepts it (``TimeZone/hasSupportedOffsets(_:)``).
        let isSupported: Bool
    }

    private static let zones = LockedValue<[String: Entry]>([:])

    static func zone(_ identifier: String) -> TimeZone? { entry(identifier)?.zone }

    /// The zone named `identifier` if Tally accepts it.
    static func supportedZone(_ identifier: String) -> TimeZone? {
        entry(identifier).flatMap { $0.isSupported ? $0.zone : nil }
    }

    private static func entry(_ identifier: String) -> Entry? {
        if let entry = zones.withLock({ $0[identifier] }) { return entry }
        guard isZoneName(identifier), let zone = TimeZone(identifier: identifier) else { return nil }
        let entry = Entry(zone: zone, isSupported: TimeZone.hasSupportedOffsets(zone))
        zones.withLock { $0[identifier] = entry }
        return entry
    }

    /// Text a time-zone database name can be: 1 to 64 ASCII letters, digits and `/_-+`. Foundation hands
    /// the name to C, which stops at a NUL, so `UTC\u{0}` was taken for UTC and stored as given.
    static func isZoneName(_ identifier: String) -> Bool {
        (1...64).contains(identifier.utf8.count)
            && identifier.utf8.allSatisfy {
                (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || (0x30...0x39).contains($0)
                    || $0 == 0x2F || $0 == 0x5F || $0 == 0x2D || $0 == 0x2B
            }
    }
}
