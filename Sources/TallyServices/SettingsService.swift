import Foundation
import TallyCore
import TallyStorage

/// Reading and changing the user's settings.
public struct SettingsService: Sendable {
    let scope: UserScope

    public func current() async throws -> UserSettings {
        try await Self.read(store: scope.store, owner: scope.owner)
    }

    /// The settings of `owner` from both kinds that hold them.
    static func read(store: any UserDataStore, owner: UUID) async throws -> UserSettings {
        UserSettings(
            records: try await store.settings(owner: owner),
            named: try await store.records(NamedSetting.self, owner: owner, .all))
    }

    /// Applies the given fields (text forms, as typed); all are checked before any is stored, so a
    /// bad value changes nothing.
    @discardableResult
    public func update(
        _ changes: [SettingKey: String], named namedChanges: [SettingName: String] = [:]
    ) async throws -> UserSettings {
        let records = try await scope.store.settings(owner: scope.owner)
        let named = try await scope.store.records(NamedSetting.self, owner: scope.owner, .all)
        let before = UserSettings(records: records, named: named)
        var settings = before
        for key in SettingKey.allCases {
            guard let text = changes[key] else { continue }
            try settings.apply(key, text.trimmingCharacters(in: .whitespaces))
        }
        for name in SettingName.allCases {
            guard let text = namedChanges[name] else { continue }
            try settings.apply(name, text.trimmingCharacters(in: .whitespaces))
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
        for name in SettingName.allCases where namedChanges[name] != nil {
            let value = settings.value(of: name)
            if var record = named.first(where: { $0.name == name.rawValue }) {
                guard record.value != value else { continue }
                record.value = value
                record.meta.modifiedAt = instant
                writes.append(AnyRecord(record))
            } else {
                guard value != before.value(of: name) else { continue }
                writes.append(
                    AnyRecord(NamedSetting(meta: scope.newMeta(at: instant), name: name.rawValue, value: value)))
            }
        }
        // Read again after a save, even one that wrote nothing: another request may have changed them.
        scope.reading?.forget()
        guard !writes.isEmpty else { return settings }
        _ = try await scope.store.write(writes, now: instant)
        return settings
    }
}
