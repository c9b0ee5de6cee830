import Foundation

/// One notification preference as a stored record (see ``NotificationPreferences``): which kinds of
/// notification are on, the water nudges' rules, a skill's daily reminder time, an event's lead time.
/// Stored a name at a time, like ``SettingRecord``, so replicas merge them field by field; a kind of its
/// own, so replicas of earlier versions, which do not know it, pass over it.
public struct NotificationSetting: Hashable, Codable, Sendable {
    public var meta: RecordMeta
    /// `water`, `waterPerDay`, `skillTime.<skill id>`, ... (see ``NotificationPreferences``).
    public var name: String
    /// The value as text; empty means "not chosen" (the default applies).
    public var value: String

    public init(meta: RecordMeta, name: String, value: String) {
        self.meta = meta
        self.name = name
        self.value = value
    }
}

extension NotificationSetting: SyncedRecord {
    public static let kind = RecordKind(
        id: "notification setting", name: "notification setting", backupKey: "notificationSettings",
        hasNaturalKey: true)
    public var naturalKey: String? { name }

    /// A name this version knows must hold a value it accepts; a name from a later version is kept as it is.
    public func validated(in batch: RecordBatch) throws(TallyError) -> NotificationSetting {
        var probe = NotificationPreferences()
        try probe.apply(NotificationPreferenceName(name), value)
        return self
    }

    public static func backupOrder(_ lhs: NotificationSetting, _ rhs: NotificationSetting) -> Bool {
        (lhs.name, lhs.meta.id) < (rhs.name, rhs.meta.id)
    }
}
