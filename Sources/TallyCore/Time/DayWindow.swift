import Foundation

/// Where to look for the entries of some local days. Entries keep the zone they were captured in, so the
/// days' entries may lie anywhere in ``candidates`` (every zone's view of the days); but an entry captured
/// in the person's own zone (``zoneID``) belongs to them only when it lies in ``local``, the days' own
/// instants in that zone. A store can skip those entries without reading them; the domain still assigns
/// each entry its day.
public struct DayWindow: Sendable, Equatable {
    public var candidates: DateInterval
    public var local: DateInterval
    public var zoneID: String

    public init(candidates: DateInterval, local: DateInterval, zoneID: String) {
        self.candidates = candidates
        self.local = local
        self.zoneID = zoneID
    }

    /// Whether an entry at `instant`, captured in `entryZoneID`, can belong to the days.
    public func mayHold(_ instant: Date, zoneID entryZoneID: String) -> Bool {
        guard candidates.start <= instant, instant < candidates.end else { return false }
        return entryZoneID != zoneID || (local.start <= instant && instant < local.end)
    }
}

extension DayBoundary {
    /// The window holding every entry of the days `from...to`, for a person in `zone`.
    public func window(from: LocalDay, to: LocalDay, around zone: TimeZone) -> DayWindow {
        DayWindow(
            candidates: candidateWindow(from: from, to: to, around: zone),
            local: DateInterval(start: start(of: from, in: zone), end: start(of: to.adding(days: 1), in: zone)),
            zoneID: zone.identifier)
    }
}
