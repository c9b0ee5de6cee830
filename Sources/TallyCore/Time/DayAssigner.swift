import Foundation

/// Assigns many instants to local days quickly: it remembers the last day's interval per zone, so a
/// run of entries from the same day costs one comparison each instead of a zone conversion.
public struct DayAssigner {
    public let boundary: DayBoundary
    private var last: [String: (interval: DateInterval, day: LocalDay)] = [:]

    public init(boundary: DayBoundary) {
        self.boundary = boundary
    }

    /// The local day of `instant` in the zone named `zoneID` (UTC when the name is unknown).
    public mutating func day(of instant: Date, zoneID: String) -> LocalDay {
        if let cached = last[zoneID], cached.interval.start <= instant, instant < cached.interval.end {
            return cached.day
        }
        let zone = ZoneCache.zone(zoneID) ?? TimeZone(secondsFromGMT: 0)!
        let day = boundary.day(of: instant, in: zone)
        last[zoneID] = (boundary.interval(of: day, in: zone), day)
        return day
    }
}
