import Foundation

/// Datekeeper's recurring event: a start and an iCalendar RRULE, with skipped occurrences.
public struct CalendarEvent: Hashable, Codable, Sendable {
    public var meta: RecordMeta
    public var fields: CalendarEventFields

    public init(meta: RecordMeta, fields: CalendarEventFields) {
        self.meta = meta
        self.fields = fields
    }

    public var id: UUID { meta.id }

    public var zone: TimeZone { ZoneCache.zone(fields.timeZoneID) ?? TimeZone(secondsFromGMT: 0)! }

    /// The event's occurrences, expanded in its own zone.
    public var schedule: EventSchedule { EventSchedule(self) }
}

extension CalendarEvent: SyncedRecord {
    public static let kind = RecordKind(id: "event", name: "event", backupKey: "events")
    public var searchKey: Int64? { fields.startDate.millisecondsSince1970 }

    public func validated(in batch: RecordBatch) throws(TallyError) -> CalendarEvent {
        var event = self
        event.fields = try fields.validated()
        return event
    }
}
