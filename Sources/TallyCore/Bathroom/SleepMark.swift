import Foundation

/// When the person went to bed or got up on a diary day, as they marked it: the bladder diary's day and
/// night follow these marks where given, and the sleep window of Settings otherwise (ICS: the main sleep
/// period is the person's own, not a fixed clock time).
///
/// One mark of each kind per diary day (its natural key): marking again moves it. The day is the diary
/// day the mark belongs to: "got up" begins day `day`; "went to bed" ends day `day`'s waking part, so a
/// bedtime of 01:30 belongs to the day before on the calendar.
public struct SleepMark: Hashable, Codable, Sendable {
    public enum Kind: String, Hashable, Codable, Sendable, CaseIterable {
        /// Went to bed: the night begins.
        case bed
        /// Got up: the diary day begins.
        case wake

        /// In a person's words.
        public var label: String {
            switch self {
            case .bed: "Went to bed"
            case .wake: "Got up"
            }
        }
    }

    public var meta: RecordMeta
    public var day: LocalDay
    public var kind: Kind
    public var at: Date
    /// The IANA zone the mark was made in; its wall-clock reading is read in this zone.
    public var timeZoneID: String

    public init(meta: RecordMeta, day: LocalDay, kind: Kind, at: Date, timeZoneID: String) {
        self.meta = meta
        self.day = day
        self.kind = kind
        self.at = at
        self.timeZoneID = timeZoneID
    }

    public var id: UUID { meta.id }

    /// The zone the mark was made in (UTC if the stored name is no longer known to this machine).
    public var zone: TimeZone { ZoneCache.zone(timeZoneID) ?? TimeZone(secondsFromGMT: 0)! }

    /// The wall-clock reading of the mark, where it was made.
    public var localDateTime: LocalDateTime { zone.localDateTime(of: at) }

    /// The diary day a mark made at `time` belongs to: getting up begins that calendar day; going to bed
    /// before the usual wake time (after midnight) ends the day before.
    public static func day(of kind: Kind, at time: LocalDateTime, sleep: SleepWindow) -> LocalDay {
        switch kind {
        case .wake: time.day
        case .bed: time.secondOfDay < sleep.wakeTime.secondOfDay ? time.day.adding(days: -1) : time.day
        }
    }

    /// A time of day typed for diary day `day`, as a wall-clock reading: getting up on that date; going to
    /// bed on that date, or after midnight when the time is before the usual wake time.
    public static func local(_ kind: Kind, _ time: TimeOfDay, on day: LocalDay, sleep: SleepWindow) -> LocalDateTime {
        switch kind {
        case .wake: LocalDateTime(day: day, time: time)
        case .bed:
            LocalDateTime(day: time.secondOfDay < sleep.wakeTime.secondOfDay ? day.adding(days: 1) : day, time: time)
        }
    }
}

extension SleepMark: SyncedRecord {
    public static let kind = RecordKind(
        id: "sleep mark", name: "sleep mark", backupKey: "sleepMarks", hasNaturalKey: true)
    public var naturalKey: String? { "\(day) \(kind.rawValue)" }
    public var searchKey: Int64? { Int64(day.dayNumber) }

    /// A known zone, and a reading on the mark's day: getting up on that date, going to bed on it or the
    /// next (after midnight).
    public func validated(in batch: RecordBatch) throws(TallyError) -> SleepMark {
        guard !meta.isDeleted else { return self }
        guard TimeZone.supported(timeZoneID) != nil else {
            throw .invalid(field: "timeZone", reason: "'\(timeZoneID)' is not a known time zone")
        }
        let local = localDateTime.day
        let fits = kind == .wake ? local == day : (local == day || local == day.adding(days: 1))
        guard fits else {
            throw .invalid(
                field: kind == .wake ? "got up" : "went to bed",
                reason: "\(localDateTime.minuteText) is not on the diary day \(day)")
        }
        return self
    }

    public static func backupOrder(_ lhs: SleepMark, _ rhs: SleepMark) -> Bool {
        (lhs.day, lhs.kind.rawValue, lhs.meta.id) < (rhs.day, rhs.kind.rawValue, rhs.meta.id)
    }
}
