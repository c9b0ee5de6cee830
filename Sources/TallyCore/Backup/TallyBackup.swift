import Foundation

/// A lossless copy of one user's records, tombstones included, in a stable order so that the same data
/// always gives the same file.
public struct TallyBackup: Codable, Hashable, Sendable {
    public static let formatName = "tally-backup"
    public static let currentVersion = 1

    public var format: String
    public var version: Int
    public var settings: [SettingRecord]
    public var bathroomEvents: [BathroomEvent]

    public init(records: [AnyRecord]) {
        format = Self.formatName
        version = Self.currentVersion
        settings = []
        bathroomEvents = []
        for record in records {
            switch record {
            case .bathroomEvent(let event): bathroomEvents.append(event)
            case .setting(let setting): settings.append(setting)
            }
        }
        settings.sort { ($0.key.rawValue, $0.meta.id.uuidString) < ($1.key.rawValue, $1.meta.id.uuidString) }
        bathroomEvents.sort { ($0.at, $0.meta.id.uuidString) < ($1.at, $1.meta.id.uuidString) }
    }

    /// Every record, checked as if it were typed in, and given to `owner`.
    public func records(for owner: UUID) throws(TallyError) -> [AnyRecord] {
        guard format == Self.formatName else { throw .unreadable("not a Tally backup (format is '\(format)')") }
        guard version <= Self.currentVersion else {
            throw .unreadable("backup version \(version) is newer than this Tally reads (\(Self.currentVersion))")
        }
        var result: [AnyRecord] = []
        for var setting in settings {
            var probe = UserSettings.defaults
            try probe.apply(setting.key, setting.value)
            setting.meta.ownerID = owner
            result.append(.setting(setting))
        }
        for var event in bathroomEvents {
            event.fields = try event.fields.validated()
            event.meta.ownerID = owner
            result.append(.bathroomEvent(event))
        }
        return result
    }
}
