import Foundation

/// One visit to the bathroom: when, where on the map (the zone it was captured in), and what a bladder
/// diary records about it.
public struct BathroomEvent: Hashable, Codable, Sendable {
    public var meta: RecordMeta
    public var at: Date
    /// The IANA zone the event was captured in; its local day is read in this zone.
    public var timeZoneID: String
    public var note: String?
    /// Voided volume in millilitres, when measured.
    public var volumeML: Int?
    /// 0 (no urgency) to 4 (urge incontinence); see ``Urgency``.
    public var urgency: Int?
    /// Whether urine leaked.
    public var leak: Bool

    public init(meta: RecordMeta, fields: BathroomEventFields) {
        self.meta = meta
        self.at = fields.at
        self.timeZoneID = fields.timeZoneID
        self.note = fields.note
        self.volumeML = fields.volumeML
        self.urgency = fields.urgency
        self.leak = fields.leak
    }

    public var id: UUID { meta.id }

    /// The zone the event was captured in (UTC if the stored name is no longer known to this machine).
    public var zone: TimeZone { ZoneCache.zone(timeZoneID) ?? TimeZone(secondsFromGMT: 0)! }

    /// The local day the event belongs to: read in its own zone, so a traveller's entry stays on the day
    /// it was made.
    public func localDay(_ boundary: DayBoundary) -> LocalDay { boundary.day(of: at, in: zone) }

    /// The wall-clock reading when it happened, where it happened.
    public var localDateTime: LocalDateTime { zone.localDateTime(of: at) }

    /// The user-editable part of the event.
    public var fields: BathroomEventFields {
        get {
            BathroomEventFields(
                at: at, timeZoneID: timeZoneID, note: note, volumeML: volumeML, urgency: urgency, leak: leak)
        }
        set {
            at = newValue.at
            timeZoneID = newValue.timeZoneID
            note = newValue.note
            volumeML = newValue.volumeML
            urgency = newValue.urgency
            leak = newValue.leak
        }
    }
}

extension BathroomEvent: SyncedRecord {
    public static let kind = RecordKind(id: "bathroom event", name: "bathroom event", backupKey: "bathroomEvents")
    public var searchKey: Int64? { at.millisecondsSince1970 }

    public func validated(in batch: RecordBatch) throws(TallyError) -> BathroomEvent {
        var event = self
        event.fields = try fields.validated()
        return event
    }

    public static var backupOrderFollowsSearchKey: Bool { true }

    public static func backupOrder(_ lhs: BathroomEvent, _ rhs: BathroomEvent) -> Bool {
        (lhs.at, lhs.meta.id) < (rhs.at, rhs.meta.id)
    }
}
