import Foundation
import TallyCore

/// A bathroom event as the page, the API or the CLI gives it. The time and zone are kept when left out
/// (now, in the person's zone, for a new event); the rest is the event's whole description, as a PUT
/// replaces it: no note, volume or urgency given means none.
public struct BathroomEventDraft: Sendable {
    /// The id a client made for what it logs, so a retried request adds nothing twice.
    public var id: UUID?
    public var at: DraftTime?
    /// An IANA zone the event happened in, when not the person's own.
    public var timeZoneID: String?
    public var note: String?
    public var volumeML: Int?
    public var urgency: Int?
    public var leak: Bool
    /// What errors call the time and the zone (the CLI names its options).
    public var timeField = "time"
    public var zoneField = "timeZone"

    public init(
        id: UUID? = nil, at: DraftTime? = nil, timeZoneID: String? = nil, note: String? = nil, volumeML: Int? = nil,
        urgency: Int? = nil, leak: Bool = false
    ) {
        self.id = id
        self.at = at
        self.timeZoneID = timeZoneID
        self.note = note
        self.volumeML = volumeML
        self.urgency = urgency
        self.leak = leak
    }

    /// The event's fields, checked by ``BathroomEventFields/validated()``.
    public func fields(current: BathroomEventFields?, now: Now) throws(TallyError) -> BathroomEventFields {
        let zoneID = timeZoneID ?? current?.timeZoneID ?? now.zone.identifier
        guard let zone = TimeZone.supported(zoneID) else {
            throw .invalid(field: zoneField, reason: "'\(zoneID)' is not a known time zone")
        }
        let instant =
            try at?.resolved(stored: current?.at, zone: zone, now: now.instant, field: timeField) ?? current?.at
            ?? now.instant
        return BathroomEventFields(
            at: instant, timeZoneID: zoneID, note: note, volumeML: volumeML, urgency: urgency, leak: leak)
    }
}
