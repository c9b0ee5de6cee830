import Foundation
import TallyCore
import TallyStorage

/// Reading and changing what a user wants to be notified of: synced records, like their other settings.
public struct NotificationSettingsService: Sendable {
    let scope: UserScope

    /// The most preferences one change may set (the API document's `maxProperties`).
    public static let mostChangesAtOnce = 200
    /// The longest text form of one preference (the document's `maxLength`).
    public static let longestValue = 100

    public func current() async throws -> NotificationPreferences {
        NotificationPreferences(records: try await settingRecords())
    }

    /// Applies the given preferences (text forms, as typed: `water` = `off`, `waterQuiet` = `22:00-07:00`);
    /// all are checked before any is stored, so a bad value changes nothing.
    @discardableResult
    public func update(_ changes: [NotificationPreferenceName: String]) async throws -> NotificationPreferences {
        guard changes.count <= Self.mostChangesAtOnce else {
            throw TallyError.invalid(
                field: "notification settings", reason: "change at most \(Self.mostChangesAtOnce) at once")
        }
        if let long = changes.first(where: { $0.value.count > Self.longestValue }) {
            throw TallyError.invalid(
                field: long.key.description, reason: "is longer than \(Self.longestValue) characters")
        }
        let records = try await settingRecords()
        let before = NotificationPreferences(records: records)
        var preferences = before
        let ordered = changes.sorted { $0.key.description < $1.key.description }
        for (name, text) in ordered {
            try preferences.apply(name, text)
        }
        let instant = scope.clock.now()
        var writes: [AnyRecord] = []
        for (name, text) in ordered {
            let value = text.trimmingCharacters(in: .whitespaces)
            if var record = records.first(where: { NotificationPreferenceName($0.name) == name }) {
                guard record.value != value else { continue }
                record.value = value
                record.meta.modifiedAt = instant
                writes.append(AnyRecord(record))
            } else if !value.isEmpty, preferences.value(of: name) != before.value(of: name) {
                // A default saved as it was needs no record (the form sends every field).
                writes.append(
                    AnyRecord(
                        NotificationSetting(meta: scope.newMeta(at: instant), name: name.description, value: value)))
            }
        }
        guard !writes.isEmpty else { return preferences }
        _ = try await scope.store.write(writes, now: instant)
        return preferences
    }

    private func settingRecords() async throws -> [NotificationSetting] {
        try await scope.store.records(NotificationSetting.self, owner: scope.owner, .all)
    }
}
