import Foundation
import TallyCore
import TallyStorage

/// Reading and changing the user's settings.
public struct SettingsService: Sendable {
    let scope: UserScope

    public func current() async throws -> UserSettings {
        UserSettings(records: try await scope.store.settings(owner: scope.owner))
    }

    /// Applies the given fields (text forms, as typed); all are checked before any is stored, so a
    /// bad value changes nothing.
    @discardableResult
    public func update(_ changes: [SettingKey: String]) async throws -> UserSettings {
        let records = try await scope.store.settings(owner: scope.owner)
        let before = UserSettings(records: records)
        var settings = before
        for key in SettingKey.allCases {
            guard let text = changes[key] else { continue }
            try settings.apply(key, text.trimmingCharacters(in: .whitespaces))
        }
        let instant = scope.clock.now()
        var writes: [AnyRecord] = []
        for key in SettingKey.allCases where changes[key] != nil {
            let value = settings.value(of: key)
            if var record = records.first(where: { $0.key == key }) {
                guard record.value != value else { continue }
                record.value = value
                record.meta.modifiedAt = instant
                writes.append(AnyRecord(record))
            } else {
                // A default saved as it was needs no record (a form sends every field).
                guard value != before.value(of: key) else { continue }
                writes.append(AnyRecord(SettingRecord(meta: scope.newMeta(at: instant), key: key, value: value)))
            }
        }
        // Read again after a save, even one that wrote nothing: another request may have changed them.
        RequestNow.current?.forget()
        guard !writes.isEmpty else { return settings }
        _ = try await scope.store.write(writes, now: instant)
        return settings
    }
}
