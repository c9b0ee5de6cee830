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
