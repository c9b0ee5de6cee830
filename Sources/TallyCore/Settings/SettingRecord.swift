import Foundation

/// One user setting as a stored record. Settings are stored a field at a time so that two replicas
/// changing different fields both keep their change.
public struct SettingRecord: Hashable, Codable, Sendable {
    public var meta: RecordMeta
    public var key: SettingKey
    /// The value as text; empty means "not chosen" (the default applies).
    public var value: String

    public init(meta: RecordMeta, key: SettingKey, value: String) {
        self.meta = meta
        self.key = key
        self.value = value
    }
}

public enum SettingKey: String, Hashable, Codable, Sendable, CaseIterable {
    case timeZone
    case dayStart
    case bedtime
    case wakeTime
    case waterUnit
    case waterPresets
    case waterStep
    case waterShareToken
}

extension UserSettings {
    /// Settings from their stored records; a missing, empty or unreadable value keeps the default.
    public init(records: [SettingRecord], named: [NamedSetting] = []) {
        self = .defaults
        for record in records where !record.meta.isDeleted && !record.value.isEmpty {
            try? apply(record.key, record.value)
        }
        for record in named where !record.meta.isDeleted && !record.value.isEmpty {
            guard let name = SettingName(rawValue: record.name) else { continue }
            try? apply(name, record.value)
        }
    }

    /// Sets one field from its text form, or names what is wrong with it. An empty time zone means
    /// "use the machine's zone".
    public mutating func apply(_ key: SettingKey, _ text: String) throws(TallyError) {
        switch key {
        case .timeZone:
            guard text.isEmpty || TimeZone.supported(text) != nil else {
                throw .invalid(field: "timeZone", reason: "'\(text)' is not a known time zone (try Europe/Berlin)")
            }
            timeZoneID = text.isEmpty ? nil : text
        case .dayStart: dayStart = try Self.time(text, field: "dayStart")
        case .bedtime: bedtime = try Self.time(text, field: "bedtime")
        case .wakeTime: wakeTime = try Self.time(text, field: "wakeTime")
        case .waterUnit: water.unit = try VolumeUnit.parse(text)
        case .waterPresets: water.chosenPresetsML = text.isEmpty ? nil : try WaterPreferences.presets(text)
        case .waterStep: water.stepML = text.isEmpty ? WaterAmounts.defaultStepML : try WaterPreferences.step(text)
        case .waterShareToken: water.shareToken = text.isEmpty ? nil : try WaterPreferences.shareToken(text)
        }
    }

    /// The text form of one field, as stored.
    public func value(of key: SettingKey) -> String {
        switch key {
        case .timeZone: timeZoneID ?? ""
        case .dayStart: dayStart.description
        case .bedtime: bedtime.description
        case .wakeTime: wakeTime.description
        case .waterUnit: water.unit.rawValue
        case .waterPresets: water.chosenPresetsML.map(WaterPreferences.presetsText) ?? ""
        case .waterStep: WaterPreferences.millilitreText(water.stepML)
        case .waterShareToken: water.shareToken ?? ""
        }
    }

    private static func time(_ text: String, field: String) throws(TallyError) -> TimeOfDay {
        try TimeOfDay.parse(text, field: field)
    }
}

extension SettingRecord: SyncedRecord {
    public static let kind = RecordKind(id: "setting", name: "setting", backupKey: "settings", hasNaturalKey: true)
    public var naturalKey: String? { key.rawValue }

    public func validated(in batch: RecordBatch) throws(TallyError) -> SettingRecord {
        var probe = UserSettings.defaults
        try probe.apply(key, value)
        return self
    }

    public static func backupOrder(_ lhs: SettingRecord, _ rhs: SettingRecord) -> Bool {
        (lhs.key.rawValue, lhs.meta.id) < (rhs.key.rawValue, rhs.meta.id)
    }
}
