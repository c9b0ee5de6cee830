import Foundation

/// Water someone drank: how much, when, where (the zone it was captured in), and from where it was logged.
public struct WaterEntry: Hashable, Codable, Sendable {
    public var meta: RecordMeta
    public var at: Date
    public var timeZoneID: String
    public var amountML: Double
    public var drinkKind: String?
    public var source: WaterSource

    public init(meta: RecordMeta, fields: WaterEntryFields, source: WaterSource) {
        self.meta = meta
        self.at = fields.at
        self.timeZoneID = fields.timeZoneID
        self.amountML = fields.amountML
        self.drinkKind = fields.drinkKind
        self.source = source
    }

    public var id: UUID { meta.id }

    /// The zone the entry was captured in (UTC if the stored name is no longer known to this machine).
    public var zone: TimeZone { ZoneCache.zone(timeZoneID) ?? TimeZone(secondsFromGMT: 0)! }

    /// The local day the entry belongs to, read in its own zone.
    public func localDay(_ boundary: DayBoundary) -> LocalDay { boundary.day(of: at, in: zone) }

    public var localDateTime: LocalDateTime { zone.localDateTime(of: at) }

    /// The part a person can change.
    public var fields: WaterEntryFields {
        get { WaterEntryFields(at: at, timeZoneID: timeZoneID, amountML: amountML, drinkKind: drinkKind) }
        set {
            at = newValue.at
            timeZoneID = newValue.timeZoneID
            amountML = newValue.amountML
            drinkKind = newValue.drinkKind
        }
    }

    /// What statistics need of it.
    public var sample: WaterSample { WaterSample(at: at, timeZoneID: timeZoneID, amountML: amountML) }
}

extension WaterEntry: SyncedRecord {
    public static let kind = RecordKind(id: "water entry", name: "water entry", backupKey: "waterEntries")
    public var searchKey: Int64? { at.millisecondsSince1970 }

    public func validated(in batch: RecordBatch) throws(TallyError) -> WaterEntry {
        var entry = self
        entry.fields = try fields.validated()
        return entry
    }

    public static var backupOrderFollowsSearchKey: Bool { true }

    public static func backupOrder(_ lhs: WaterEntry, _ rhs: WaterEntry) -> Bool {
        (lhs.at, lhs.meta.id) < (rhs.at, rhs.meta.id)
    }
}
