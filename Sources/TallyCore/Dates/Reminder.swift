import Foundation

/// A one-off reminder: something to remember at a date and time, marked done when dealt with.
public struct Reminder: Hashable, Codable, Sendable {
    public var meta: RecordMeta
    public var fields: ReminderFields
    /// When it was marked done; nil while it is open.
    public var completedAt: Date?

    public init(meta: RecordMeta, fields: ReminderFields, completedAt: Date? = nil) {
        self.meta = meta
        self.fields = fields
        self.completedAt = completedAt
    }

    public var id: UUID { meta.id }
    public var isDone: Bool { completedAt != nil }

    public var zone: TimeZone { ZoneCache.zone(fields.timeZoneID) ?? TimeZone(secondsFromGMT: 0)! }

    /// Upcoming until it is done or its time has passed.
    public func isUpcoming(now: Date) -> Bool { !isDone && fields.date >= now }
}

extension Reminder: SyncedRecord {
    public static let kind = RecordKind(id: "reminder", name: "reminder", backupKey: "reminders")
    public var searchKey: Int64? { fields.date.millisecondsSince1970 }

    public func validated(in batch: RecordBatch) throws(TallyError) -> Reminder {
        var reminder = self
        reminder.fields = try fields.validated()
        return reminder
    }
}
