import Foundation
import Synchronization

/// Time zones by name, looked up once: on Linux `TimeZone(identifier:)` reads and parses zone data on
/// every call, and every entry carries the name of the zone it was captured in.
enum ZoneCache {
    private static let zones = Mutex<[String: TimeZone]>([:])

    static func zone(_ identifier: String) -> TimeZone? {
        if let zone = zones.withLock({ $0[identifier] }) { return zone }
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        zones.withLock { $0[identifier] = zone }
        return zone
    }
}
