import Foundation

/// One setting under a name of its own, for settings added after ``SettingKey`` shipped: the first weekday
/// (`weekStart`), the birth year (`birthYear`) and the diary being kept (`bladderDiary`). ``SettingRecord``'s key is a closed list, and a replica of an earlier version cannot read
/// a setting record whose key it does not know (the whole page of a sync pull would fail). A kind of its
/// own, which earlier versions do not know and pass over, with names left open: a name from a later version
/// is kept as it is, so the next setting needs no new kind.
public struct NamedSetting: Hashable, Codable, Sendable {
    public var meta: RecordMeta
    public var name: String
    /// The value as text; empty means "not chosen" (the default applies).
    public var value: String

    public init(meta: RecordMeta, name: String, value: String) {
        self.meta = meta
        self.name = name
        self.value = value
    }
}

/// The names this version gives ``NamedSetting``s.
public enum SettingName: String, Hashable, Sendable, CaseIterable {
    /// The first day of the week: `monday` ... `sunday`; empty for the default of the person's zone.
    case weekStart
    /// The year the person was born, for the bladder diary's age-adjusted nocturnal polyuria line; empty
    /// when not given.
    case birthYear
    /// The bladder diary the person is keeping (``DiaryRun``: `2026-11-29..2026-12-01`); empty for none.
    case bladderDiary
}

extension NamedSetting: SyncedRecord {
    public static let kind = RecordKind(
        id: "named setting", name: "setting", backupKey: "namedSettings", hasNaturalKey: true)
    public var naturalKey: String? { name }

    /// A name this version knows must hold a value it accepts; a name from a later version is kept as it is.
    public func validated(in batch: RecordBatch) throws(TallyError) -> NamedSetting {
        try StoredText.check(name, field: "name")
        guard (1...100).contains(name.count) else {
            throw .invalid(field: "name", reason: "a setting's name is 1 to 100 characters")
        }
        if let known = SettingName(rawValue: name) {
            var probe = UserSettings.defaults
            try probe.apply(known, value)
        } else {
            try StoredText.check(value, field: name)
        }
        return self
    }

    public static func backupOrder(_ lhs: NamedSetting, _ rhs: NamedSetting) -> Bool {
        (lhs.name, lhs.meta.id) < (rhs.name, rhs.meta.id)
    }
}

extension UserSettings {
    /// Sets one named field from its text form, or names what is wrong with it.
    public mutating func apply(_ name: SettingName, _ text: String) throws(TallyError) {
        switch name {
        case .weekStart: weekStart = text.isEmpty ? nil : try FirstWeekday.parse(text)
        case .birthYear: birthYear = text.isEmpty ? nil : try BirthYear.parse(text)
        case .bladderDiary: diaryRun = text.isEmpty ? nil : try DiaryRun.parse(text)
        }
    }

    /// The text form of one named field, as stored.
    public func value(of name: SettingName) -> String {
        switch name {
        case .weekStart: weekStart.map(FirstWeekday.name) ?? ""
        case .birthYear: birthYear.map(String.init) ?? ""
        case .bladderDiary: diaryRun?.description ?? ""
        }
    }
}
