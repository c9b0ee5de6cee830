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

    /// How far ahead of this replica's clock a stamp may be; anything further would drag the clock.
    public static let maxStampLead: TimeInterval = 24 * 3600

    /// Every record, checked as if it were typed in, and given to `owner`.
    public func records(for owner: UUID, now: Date) throws(TallyError) -> [AnyRecord] {
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
        let limit = now.addingTimeInterval(Self.maxStampLead).millisecondsSince1970
        if let ahead = result.first(where: { $0.meta.stamp.millis > limit }) {
            throw .invalid(
                field: "stamp", reason: "\(ahead.kind) \(ahead.meta.id) was changed more than 24 hours in the future")
        }
        return result
    }
}
