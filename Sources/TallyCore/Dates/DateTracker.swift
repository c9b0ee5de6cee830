import Foundation

/// Datekeeper's tracker: counts the time since or until a target date.
public struct DateTracker: Hashable, Codable, Sendable {
    public var meta: RecordMeta
    public var fields: DateTrackerFields

    public init(meta: RecordMeta, fields: DateTrackerFields) {
        self.meta = meta
        self.fields = fields
    }

    public var id: UUID { meta.id }

    /// The zone the target is read in (UTC if the stored name is no longer known to this machine).
    public var zone: TimeZone { ZoneCache.zone(fields.timeZoneID) ?? TimeZone(secondsFromGMT: 0)! }

    /// The distance from `now` to the target in the tracker's units.
    public func breakdown(now: Date) -> TimeBreakdown {
        TimeBreakdown(from: now, to: fields.targetDate, units: fields.displayUnits, zone: zone)
    }

    /// Whether a "till" tracker's date has come (the moment for confetti).
    public func hasArrived(now: Date) -> Bool {
        guard fields.type == .till else { return false }
        if fields.allDay { return zone.localDateTime(of: now).day >= targetDay }
        return now >= fields.targetDate
    }

    /// The target's local date in the tracker's zone.
    public var targetDay: LocalDay { zone.localDateTime(of: fields.targetDate).day }
}

extension DateTracker: SyncedRecord {
    public static let kind = RecordKind(id: "tracker", name: "tracker", backupKey: "trackers")
    public var imageNames: [String] { fields.imageUrl.flatMap(ImageReference.name(in:)).map { [$0] } ?? [] }
    public static let showsImages = true
    public var searchKey: Int64? { fields.targetDate.millisecondsSince1970 }

    public func validated(in batch: RecordBatch) throws(TallyError) -> DateTracker {
        var tracker = self
        tracker.fields = try fields.validated()
        return tracker
    }
}
